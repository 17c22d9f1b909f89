// POST /v1/render against a real server: spec 4.1's rules, 2.1/2.2's fields, every error row of section 7 this route owns.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAnswerSchema } from '@shared/api/renderRequest';
import { DESIGN_WARNING_CODES } from '@shared/layout/designWarnings';
import {
  barcodeTemplate,
  call,
  cli,
  dotsFor,
  expectError,
  expectRenderResult,
  rateLimitHeaders,
  render,
  startTestServer,
  tagTemplate,
  teamWithKeys,
  UUID_PATTERN,
  type ApiResponse,
  type CliTemplate,
  type TeamWithKeys,
  type TestServer,
} from '../../../../test/support/server/serverTestSupport';

const run = promisify(execFile);

let server: TestServer;
let team: TeamWithKeys;
let saved: CliTemplate;
let draft: CliTemplate;

beforeAll(async () => {
  server = await startTestServer();
  const admin = cli(server.dataDir);
  // Limits far above what this file sends: the rules of section 8 have their own files.
  team = await teamWithKeys(admin, { plan: 'enterprise', rateMinute: 10_000, rateHour: 100_000 });
  [saved, draft] = await Promise.all([
    admin.importTemplate(team.team.id, tagTemplate('Saved tag'), { slug: 'saved-tag' }),
    admin.importTemplate(team.team.id, tagTemplate('Draft tag'), { slug: 'draft-tag', publish: false }),
  ]);
});

afterAll(async () => {
  await server.dispose();
});

const inline = { template: tagTemplate(), data: { title: 'Hello label' } };

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'labelsmith-pdf-'));
  try {
    const file = join(dir, 'label.pdf');
    await writeFile(file, bytes);
    return (await run('pdftotext', [file, '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function expectOk(response: ApiResponse, contentType: RegExp): void {
  expect(response.status, response.status === 200 ? '' : response.text).toBe(200);
  expect(response.headers.get('Content-Type')).toMatch(contentType);
}

describe('url delivery (rule 3, spec 2.2)', () => {
  it('answers 200 with the render result: UUID id, status complete, the format, the download url, size and time', async () => {
    const response = await render(server, team.live, { ...inline, format: 'pdf', delivery: 'url' });
    const result = expectRenderResult(response);
    expect(result).toMatchObject({ status: 'complete', format: 'pdf' });
    expect(result.id).toMatch(UUID_PATTERN);
    expect(result.url).toBe(`${server.url}/v1/render-outputs/${result.id}`);
    expect(Number.isInteger(result.sizeBytes) && result.sizeBytes > 0).toBe(true);
    expect(typeof result.renderTimeMs).toBe('number');
    expect(result.renderTimeMs).toBeGreaterThanOrEqual(0);
    // sizeBytes is the size of what the url serves.
    const download = await call(server, new URL(result.url).pathname, { key: team.live });
    expect(download.status).toBe(200);
    expect(download.body.byteLength).toBe(result.sizeBytes);
  });

  it('is the default when delivery is left out, and every render gets a new id', async () => {
    const first = expectRenderResult(await render(server, team.live, { ...inline, format: 'png' }));
    const second = expectRenderResult(await render(server, team.live, { ...inline, format: 'png' }));
    expect(first.format).toBe('png');
    expect(first.id).not.toBe(second.id);
  });

  it("also lists the render's warnings: none for a clean render, FONT_FALLBACK naming the element for an unknown font", async () => {
    expect(expectRenderResult(await render(server, team.live, { ...inline, format: 'zpl' })).warnings).toEqual([]);
    const template = tagTemplate();
    const unknownFont = {
      ...template,
      elements: [{ ...template.elements[0], style: { fontFamily: 'No Such Font', fontSize: '12pt' } }],
    };
    const result = expectRenderResult(
      await render(server, team.live, { template: unknownFont, data: { title: 'x' }, format: 'pdf' }),
    );
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'FONT_FALLBACK', elementId: 'title', message: expect.any(String) }),
    ]);
  });

  it('also lists design warnings for the resolution asked: a text off the label, modules under 2 dots; once per element in a batch', async () => {
    const template = tagTemplate();
    const designed = {
      ...template,
      elements: [
        { ...template.elements[0], position: { mode: 'absolute', x: '30mm', y: '2mm' } },
        {
          id: 'dense',
          type: 'barcode',
          symbology: 'code128',
          position: { mode: 'absolute', x: '2mm', y: '14mm' },
          width: '20mm',
          height: '9mm',
          content: { text: 'ABCDEFGHIJKL' },
          showText: false,
        },
      ],
    };
    const result = expectRenderResult(
      await render(server, team.live, {
        template: designed,
        data: { title: 'A title too wide to fit' },
        format: 'zpl',
        zplDpi: 203,
      }),
    );
    // Design warnings come after the layout's own (BARCODE_TOO_WIDE: the dense code does not fit its box in whole dots).
    const design = result.warnings.filter((warning) =>
      (DESIGN_WARNING_CODES as readonly string[]).includes(warning.code),
    );
    expect(design.map((warning) => [warning.code, warning.elementId])).toEqual([
      ['ELEMENT_OUTSIDE_LABEL', 'title'],
      ['BARCODE_MODULE_TOO_NARROW', 'dense'],
      ['BARCODE_X_DIMENSION_TOO_SMALL', 'dense'],
    ]);
    expect(design[1]?.message).toMatch(/at 203 dpi/);
    const records = [{ title: 'A title too wide to fit' }, { title: 'Another title too wide' }];
    const batch = renderAnswerSchema.parse(
      expectRenderResult(await render(server, team.live, { template: designed, records, format: 'pdf', dpi: 600 })),
    );
    // Its 0.12 mm modules are 2.8 dots at 600 dpi, still under the 0.191 mm code128 scans at; each comes once, with the first record.
    expect(
      batch.warnings
        .filter((warning) => (DESIGN_WARNING_CODES as readonly string[]).includes(warning.code))
        .map((warning) => [warning.code, warning.record]),
    ).toEqual([
      ['ELEMENT_OUTSIDE_LABEL', 1],
      ['BARCODE_X_DIMENSION_TOO_SMALL', 1],
    ]);
  });

  it('renders a saved, published template by its slug and by its id (rule 1)', async () => {
    for (const templateId of [saved.slug, saved.id]) {
      const result = expectRenderResult(
        await render(server, team.live, { templateId, data: { title: 'Saved' }, format: 'zpl' }),
      );
      expect(result).toMatchObject({ status: 'complete', format: 'zpl' });
    }
  });
});

describe('inline delivery (rule 4): the document itself with the Content-Type of its format', () => {
  it('pdf: application/pdf whose text layer holds the data', async () => {
    const response = await render(server, team.live, {
      templateId: 'saved-tag',
      data: { title: 'Invoice 4711' },
      format: 'pdf',
      delivery: 'inline',
    });
    expectOk(response, /^application\/pdf$/);
    expect(response.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(response.body)).toContain('Invoice 4711');
  });

  it('png: image/png, round(inches x dpi) pixels a side, 300 dpi by default and dpi 50 and 600 at the ends of the range', async () => {
    for (const dpi of [undefined, 150, 50, 600]) {
      const response = await render(server, team.live, {
        ...inline,
        format: 'png',
        delivery: 'inline',
        ...(dpi === undefined ? {} : { dpi }),
      });
      expectOk(response, /^image\/png$/);
      const png = PNG.sync.read(response.body);
      expect({ dpi, width: png.width, height: png.height }).toEqual({
        dpi,
        width: dotsFor(50, dpi ?? 300),
        height: dotsFor(25, dpi ?? 300),
      });
    }
  });

  it('zpl: text/plain, one ^XA…^XZ label with ^PW at 203 dpi by default and at the zplDpi asked for', async () => {
    for (const zplDpi of [undefined, 203, 300, 600]) {
      const response = await render(server, team.live, {
        ...inline,
        format: 'zpl',
        delivery: 'inline',
        ...(zplDpi === undefined ? {} : { zplDpi }),
      });
      expectOk(response, /^text\/plain/);
      const zpl = response.text;
      expect(zpl.trimStart().startsWith('^XA')).toBe(true);
      expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
      expect(zpl).toContain(`^PW${dotsFor(50, zplDpi ?? 203)}`);
      expect(zpl).toContain(`^LL${dotsFor(25, zplDpi ?? 203)}`);
      expect(zpl).toContain('Hello label');
    }
  });

  it('html: text/html, a self-contained page in which data is escaped, never markup', async () => {
    const title = '<script>alert("x")</script> & <b>bold</b>';
    const response = await render(server, team.live, {
      ...inline,
      data: { title },
      format: 'html',
      delivery: 'inline',
    });
    expectOk(response, /^text\/html/);
    const html = response.text;
    expect(html).toMatch(/<html/i);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&amp;');
  });

  it('carries the rate limit headers like every render answer (rule 5)', async () => {
    const response = await render(server, team.test, { ...inline, format: 'zpl', delivery: 'inline' });
    expectOk(response, /^text\/plain/);
    expect(rateLimitHeaders(response).limit).toBe(10_000);
  });
});

describe('400 BAD_REQUEST: required fields missing or invalid', () => {
  const valid = { ...inline, format: 'pdf' };
  const without = (key: keyof typeof valid): Record<string, unknown> =>
    Object.fromEntries(Object.entries(valid).filter(([name]) => name !== key));
  const withoutTemplate = without('template');
  const withoutData = without('data');
  const withoutFormat = without('format');
  const cases: [string, unknown][] = [
    ['both templateId and template', { ...valid, templateId: 'saved-tag' }],
    ['neither templateId nor template', withoutTemplate],
    ['no data', withoutData],
    ['data that is an array', { ...valid, data: [1, 2] }],
    ['data that is a string', { ...valid, data: 'title=x' }],
    ['data that is null', { ...valid, data: null }],
    ['no format', withoutFormat],
    ['an unknown format', { ...valid, format: 'svg' }],
    ['an unknown delivery', { ...valid, delivery: 'email' }],
    ['dpi below 50', { ...valid, format: 'png', dpi: 49 }],
    ['dpi above 600', { ...valid, format: 'png', dpi: 601 }],
    ['dpi that is not a number', { ...valid, format: 'png', dpi: 'high' }],
    ['a zplDpi printers do not have', { ...valid, format: 'zpl', zplDpi: 250 }],
    ['a template that is not an object', { ...withoutTemplate, template: 'saved-tag' }],
    ['an empty templateId', { ...withoutTemplate, templateId: '' }],
    ['a body that is a JSON array', [valid]],
  ];

  it.each(cases)('%s', async (_case, body) => {
    const response = await render(server, team.live, body);
    const error = expectError(response, 400, 'BAD_REQUEST');
    // Bad requests are still render requests of the team: they carry the rate limit headers.
    rateLimitHeaders(response);
    if (!Array.isArray(body))
      expect(error.details).toMatchObject({
        errors: expect.arrayContaining([{ path: expect.any(String), message: expect.any(String) }]),
      });
  });

  it('names both fields when templateId and template are sent together', async () => {
    const error = expectError(
      await render(server, team.live, { ...valid, templateId: 'saved-tag' }),
      400,
      'BAD_REQUEST',
    );
    expect(error.error).toMatch(/templateId/);
    expect(error.error).toMatch(/template\b/);
  });

  it.each([
    ['a body that is not JSON', '{"format": "pdf",', 'application/json'],
    ['a JSON body sent as text/plain', JSON.stringify(valid), 'text/plain'],
    ['an empty body', '', 'application/json'],
  ])('%s', async (_case, body, contentType) => {
    const response = await call(server, '/v1/render', {
      method: 'POST',
      key: team.live,
      body,
      headers: { 'Content-Type': contentType },
    });
    expectError(response, 400, 'BAD_REQUEST');
    rateLimitHeaders(response);
  });
});

describe('400 INVALID_TEMPLATE', () => {
  it('lists every problem of an inline template in details.errors as {path, message}', async () => {
    const template = tagTemplate();
    const broken = {
      ...template,
      dimensions: { width: '12furlongs', height: '25mm' },
      elements: [{ ...template.elements[0], content: { expression: 'data.title +' } }],
    };
    const response = await render(server, team.live, { template: broken, data: {}, format: 'pdf' });
    const error = expectError(response, 400, 'INVALID_TEMPLATE');
    rateLimitHeaders(response);
    const errors = (error.details as { errors: unknown[] }).errors;
    for (const entry of errors) expect(Object.keys(entry as object).sort()).toEqual(['message', 'path']);
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'dimensions.width', message: expect.any(String) },
        { path: 'elements[0].content.expression', message: expect.stringMatching(/expression/) },
      ]),
    );
  });

  it('reports a template without its required parts', async () => {
    const error = expectError(
      await render(server, team.live, { template: { formatVersion: 1 }, data: {}, format: 'png' }),
      400,
      'INVALID_TEMPLATE',
    );
    const paths = (error.details as { errors: { path: string }[] }).errors.map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(['meta', 'dimensions', 'elements']));
  });
});

describe('404 NOT_FOUND for a templateId', () => {
  it.each([
    ['an unknown slug', 'no-such-template'],
    ['an unknown id', '6f1c1a52-8c7e-4a55-9d0e-3c1f7a2b9e01'],
    ['an unknown library template', 'no-library:saved-tag'],
  ])('%s', async (_case, templateId) => {
    const response = await render(server, team.live, { templateId, data: {}, format: 'pdf' });
    expectError(response, 404, 'NOT_FOUND');
    rateLimitHeaders(response);
  });

  it('a template that exists but is not published, by slug or id', async () => {
    for (const templateId of [draft.slug, draft.id])
      expectError(await render(server, team.live, { templateId, data: {}, format: 'pdf' }), 404, 'NOT_FOUND');
  });
});

describe('413 PAYLOAD_TOO_LARGE', () => {
  it('refuses a body over 1 MB', async () => {
    const response = await render(server, team.live, {
      ...inline,
      data: { title: 'x', padding: 'p'.repeat(1_100_000) },
      format: 'zpl',
    });
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
    rateLimitHeaders(response);
  });

  it('accepts a body just under 1 MB', async () => {
    const response = await render(server, team.live, {
      ...inline,
      data: { title: 'x', padding: 'p'.repeat(1_000_000) },
      format: 'zpl',
      delivery: 'inline',
    });
    expectOk(response, /^text\/plain/);
  });
});

describe('400 INVALID_BARCODE_DATA and 502 RENDER_ERROR for data the template cannot render', () => {
  it('names the element, the symbology, the reason and the fix for a value the barcode symbology cannot encode', async () => {
    const response = await render(server, team.live, {
      template: barcodeTemplate(),
      data: { title: 'Tag', ean: 'not-a-number' },
      format: 'png',
    });
    const error = expectError(response, 400, 'INVALID_BARCODE_DATA');
    rateLimitHeaders(response);
    expect(error.details).toEqual({
      elementId: 'ean',
      symbology: 'ean13',
      reason: expect.stringMatching(/ean13/),
      fix: expect.stringMatching(/change the value/),
    });
    expect(error.error).toMatch(/not-a-number/);
  });

  it('names the element whose barcode value is missing from the data (502: the template asks for data it was not given)', async () => {
    const error = expectError(
      await render(server, team.live, { template: barcodeTemplate(), data: { title: 'Tag' }, format: 'zpl' }),
      502,
      'RENDER_ERROR',
    );
    expect(error.details).toMatchObject({ elementId: 'ean', reason: expect.any(String) });
  });

  it('renders the same template when the value is valid', async () => {
    const response = await render(server, team.live, {
      template: barcodeTemplate(),
      data: { title: 'Tag', ean: '4006381333931' },
      format: 'zpl',
      delivery: 'inline',
    });
    expectOk(response, /^text\/plain/);
    expect(response.text).toContain('^BE');
  });

  /** The tag template with one barcode of `symbology` (and its options) bound to data.code. */
  const symbolTemplate = (symbology: string, fields: Record<string, unknown> = {}) => {
    const template = barcodeTemplate();
    return {
      ...template,
      elements: [
        ...template.elements.filter((element) => element.id !== 'ean'),
        { ...template.elements.at(-1), id: 'code', symbology, contentExpression: 'code', showText: false, ...fields },
      ],
    };
  };

  it.each([
    ['isbn', {}, '978-1-56581-231-5', /ISBN-13 check digit is 5, but the digits before it give 4/, /correct it to 4/],
    ['sscc18', {}, '(00)006141411234567891', /SSCC-18 check digit is 1/, /correct it to 0/],
    [
      'maxicode',
      { maxicodeMode: 2 },
      'no carrier message',
      /mode 2 needs the structured carrier message/,
      /use mode 4/,
    ],
    ['rationalizedCodabar', {}, '^XA~JR^FS', /cannot encode/, /change the value/],
    ['postnet', {}, '1'.repeat(5000), /cannot encode/, /change the value/],
    ['pharmacode', {}, '999999999', /between 3 and 131070/, /change the value/],
    ['databarexpanded', {}, '(01)98898765432106(99)\u0000\u0001', /cannot encode/, /change the value/],
  ])(
    '%s %j with hostile or invalid data %j: 400 with what to fix, nothing rendered',
    async (symbology, fields, code, reason, fix) => {
      for (const format of ['png', 'pdf', 'zpl']) {
        const error = expectError(
          await render(server, team.live, {
            template: symbolTemplate(symbology, fields),
            data: { title: 'Tag', code },
            format,
          }),
          400,
          'INVALID_BARCODE_DATA',
        );
        expect(error.details).toMatchObject({ elementId: 'code', symbology: expect.any(String), reason, fix });
      }
    },
  );

  it('refuses options of another symbology as INVALID_TEMPLATE with the path', async () => {
    const error = expectError(
      await render(server, team.live, {
        template: symbolTemplate('code128', { segments: 4 }),
        data: { title: 'Tag', code: 'x' },
        format: 'png',
      }),
      400,
      'INVALID_TEMPLATE',
    );
    expect(error.details?.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: expect.stringMatching(/segments$/),
          message: 'only databarexpanded has segments',
        }),
      ]),
    );
  });

  it('renders a carrier symbology through the API: MaxiCode as ^BD, an ISBN as a graphic', async () => {
    const maxi = await render(server, team.live, {
      template: symbolTemplate('maxicode'),
      data: { title: 'Tag', code: 'Hello MaxiCode' },
      format: 'zpl',
      delivery: 'inline',
    });
    expectOk(maxi, /^text\/plain/);
    expect(maxi.text).toContain('^BD4,1,1');
    const isbn = await render(server, team.live, {
      template: symbolTemplate('isbn'),
      data: { title: 'Tag', code: '978156581231' },
      format: 'zpl',
      delivery: 'inline',
    });
    expectOk(isbn, /^text\/plain/);
    expect(isbn.text).toContain('^GFA');
  });
});

describe('401 AUTH_REQUIRED', () => {
  it('refuses a render without a key, with WWW-Authenticate and without rate limit headers (no team is known)', async () => {
    const response = await render(server, undefined, { ...inline, format: 'pdf' });
    expectError(response, 401, 'AUTH_REQUIRED');
    expect(response.headers.get('X-RateLimit-Limit')).toBeNull();
  });
});
