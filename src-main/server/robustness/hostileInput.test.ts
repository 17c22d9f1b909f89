// Hostile requests against a real `labelsmith serve`: each gets its 4xx (or 502 for data that cannot render), never a 500, and the server keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCli,
  call,
  cleanupAll,
  createTenant,
  isWholeOutput,
  rawGet,
  render,
  tempDataDir,
  type Answer,
  type Tenant,
} from '../../../test/support/server/robustnessSupport';
import { killServe, startServe, type ServeProcess } from '../../../test/support/server/robustnessSupport';

let server: ServeProcess;
let tenant: Tenant;
beforeAll(async () => {
  const cli = await buildCli();
  const dataDir = tempDataDir();
  tenant = await createTenant(cli, dataDir);
  server = await startServe(cli, dataDir);
});
afterAll(async () => {
  await killServe(server);
  cleanupAll();
});

const STACK_TRACE = /\n\s+at |\.(ts|mjs|js):\d+|node_modules|node:internal/;

/** An error answer as spec section 7 has it, with no trace of the server's insides; then /health still answers. */
async function expectError(
  answer: Answer | Promise<Answer>,
  status: number,
  code: string,
): Promise<Record<string, unknown>> {
  const { status: actual, json, text } = await answer;
  expect(actual, text.slice(0, 500)).toBe(status);
  expect(json, text.slice(0, 500)).toMatchObject({ error: expect.any(String), code });
  expect(text).not.toMatch(STACK_TRACE);
  await expectServing();
  return json ?? {};
}

async function expectServing(): Promise<void> {
  expect(server.child.exitCode).toBeNull();
  const health = await call(server.url, '/health');
  expect(health.status).toBe(200);
  expect(health.json).toMatchObject({ ok: true });
}

function post(body: string | Buffer, contentType = 'application/json'): Promise<Answer> {
  return call(server.url, '/v1/render', { key: tenant.key, body, contentType });
}

function template(
  elements: unknown[],
  dimensions: Record<string, string> = { width: '60mm', height: '20mm' },
): Record<string, unknown> {
  return { formatVersion: 1, meta: { name: 'Hostile' }, dimensions, elements };
}

/** In the printer's font 0 unless `fields` says otherwise: its ZPL carries the data as field data (^FD), which tests read. */
function textElement(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 't',
    type: 'text',
    position: { mode: 'absolute', x: '1mm', y: '1mm' },
    width: '58mm',
    height: '8mm',
    style: { fontFamily: 'Printer 0' },
    ...fields,
  };
}

describe('oversize bodies', () => {
  it('answers 413 PAYLOAD_TOO_LARGE above 1 MB, with or without Content-Length, and parses a body just under it', async () => {
    await expectError(post(Buffer.alloc(1024 * 1024 + 1, 0x20)), 413, 'PAYLOAD_TOO_LARGE');
    const huge = JSON.stringify({
      templateId: tenant.templateId,
      format: 'zpl',
      data: { pad: 'x'.repeat(4 * 1024 * 1024) },
    });
    await expectError(post(huge), 413, 'PAYLOAD_TOO_LARGE');

    // Chunked: no Content-Length announces the size, the limit applies while reading.
    const chunk = new TextEncoder().encode(`"${'y'.repeat(100 * 1024)}",`);
    const chunked = await fetch(`${server.url}/v1/render`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.key}`, 'Content-Type': 'application/json' },
      duplex: 'half',
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":{"list":['));
          for (let n = 0; n < 12; n += 1) controller.enqueue(chunk);
          controller.enqueue(new TextEncoder().encode('""]}}'));
          controller.close();
        },
      }),
      signal: AbortSignal.timeout(15_000),
    } as RequestInit & { duplex: 'half' });
    const text = await chunked.text();
    await expectError(
      {
        status: chunked.status,
        json: JSON.parse(text) as Record<string, unknown>,
        text,
        headers: chunked.headers,
        bytes: Buffer.from(text),
      },
      413,
      'PAYLOAD_TOO_LARGE',
    );

    const underLimit = JSON.stringify({
      templateId: tenant.templateId,
      format: 'zpl',
      data: { name: 'just under', pad: 'x'.repeat(1024 * 1024 - 200) },
    });
    expect(Buffer.byteLength(underLimit)).toBeLessThan(1024 * 1024);
    const answer = await post(underLimit);
    expect(answer.status, answer.text).toBe(200);
    await expectServing();
  });
});

describe('deeply nested JSON', () => {
  const depth = 100_000;
  const arrays = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const objects = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it('refuses 100,000 levels in data with 400 BAD_REQUEST', async () => {
    for (const deep of [arrays, objects]) {
      const body = await expectError(
        post(`{"templateId":"${tenant.templateId}","format":"pdf","data":{"deep":${deep}}}`),
        400,
        'BAD_REQUEST',
      );
      expect(body.error).toMatch(/nests deeper than/);
      await expectError(
        post(`{"templateId":"${tenant.templateId}","format":"pdf","data":${deep === arrays ? `{"a":${deep}}` : deep}}`),
        400,
        'BAD_REQUEST',
      );
    }
  });

  it('refuses 100,000 levels in an inline template with 400 INVALID_TEMPLATE (not a failed render thread)', async () => {
    for (const deep of [arrays, objects]) {
      const inElement = `{"formatVersion":1,"meta":{"name":"x"},"dimensions":{"width":"1in","height":"1in"},"elements":[{"id":"t","type":"text","style":${deep}}]}`;
      for (const inline of [deep === arrays ? `{"elements":${deep}}` : deep, inElement]) {
        const body = await expectError(
          post(`{"template":${inline},"format":"pdf","data":{}}`),
          400,
          'INVALID_TEMPLATE',
        );
        expect(body.error).toMatch(/nests deeper than/);
      }
    }
  });

  it('refuses a deeply nested body or field of the wrong type with 400 BAD_REQUEST', async () => {
    await expectError(post(arrays), 400, 'BAD_REQUEST');
    await expectError(post(objects), 400, 'BAD_REQUEST');
    await expectError(post(`{"templateId":${arrays},"format":"pdf","data":{}}`), 400, 'BAD_REQUEST');
    await expectError(post(`{"templateId":"${tenant.templateId}","format":${objects},"data":{}}`), 400, 'BAD_REQUEST');
  });
});

describe('malformed bodies', () => {
  it('answers 400 BAD_REQUEST to JSON that does not parse or is not an object', async () => {
    const bodies: (string | Buffer)[] = [
      '{',
      '{"data":}',
      '{"data":{}} trailing',
      'null',
      '[]',
      '"text"',
      '123',
      "{'single':'quotes'}",
      '{"a":NaN}',
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    ];
    for (const body of bodies) await expectError(post(body), 400, 'BAD_REQUEST');
  });

  it('answers 400 BAD_REQUEST to a body that is not sent as application/json', async () => {
    const body = JSON.stringify({ templateId: tenant.templateId, format: 'pdf', data: {} });
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/vnd.api+json',
      'image/png',
    ]) {
      const answer = await expectError(post(body, contentType), 400, 'BAD_REQUEST');
      expect(answer.error).toMatch(/Content-Type: application\/json/);
    }
    const untyped = await fetch(`${server.url}/v1/render`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tenant.key}` },
      body: new Blob([body]),
    });
    const text = await untyped.text();
    expect(untyped.status).toBe(400);
    expect(JSON.parse(text)).toMatchObject({ code: 'BAD_REQUEST' });
    await expectServing();
  });
});

describe('prototype pollution', () => {
  /** Reads what pollution would add: an own `polluted` key does not exist in the data, so the text must stay empty. */
  const probe = template([
    textElement({
      id: 'probe',
      contentExpression: "'[' + polluted + '|' + data.polluted + '|' + default(fontWeight, '') + ']'",
    }),
    { id: 'box', type: 'rect', position: { mode: 'absolute', x: '40mm', y: '10mm' }, width: '10mm', height: '5mm' },
  ]);

  /** Renders the probe on both threads (concurrently) and in three formats; returns the outputs by format. */
  async function probeOutputs(): Promise<Record<string, Buffer[]>> {
    const outputs: Record<string, Buffer[]> = {};
    for (const format of ['zpl', 'pdf', 'html']) {
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => render(server.url, tenant.key, { template: probe, data: {}, format })),
      );
      outputs[format] = [];
      for (const answer of answers) {
        // No `delivery` was sent: a polluted Object.prototype.delivery would turn this into an inline answer.
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(answer.status, answer.text.slice(0, 300)).toBe(200);
        const download = await call(server.url, `/v1/render-outputs/${String(answer.json?.id)}`, { key: tenant.key });
        expect(download.status).toBe(200);
        outputs[format].push(download.bytes);
      }
    }
    return outputs;
  }

  it('refuses __proto__ keys, and lets no constructor.prototype in data, body or template change a later render', async () => {
    const before = await probeOutputs();
    expect(before.zpl?.[0]?.toString()).toContain('^FD[||]^FS');

    const poison =
      '{"polluted":"yes","delivery":"inline","dpi":50,"fontWeight":"bold","condition":"false","fill":"#000000","rotation":45}';
    const id = tenant.templateId;
    const element =
      '{"id":"t","type":"text","position":{"mode":"absolute","x":"1mm","y":"1mm"},"width":"10mm","height":"5mm"';
    const inlineWith = (extra: string): string =>
      `{"formatVersion":1,"meta":{"name":"x"},"dimensions":{"width":"1in","height":"1in"},"elements":[${element}${extra}}]}`;

    // "__proto__" keys (also spelt with JSON escapes) are refused by the body parser wherever they are.
    for (const key of ['__proto__', '\\u005f_proto__', '__\\u0070roto__']) {
      const bodies = [
        `{"templateId":"${id}","format":"zpl","data":{"${key}":${poison},"name":"x"}}`,
        `{"templateId":"${id}","format":"zpl","data":{"a":[{"${key}":${poison}}]}}`,
        `{"${key}":${poison},"templateId":"${id}","format":"zpl","data":{}}`,
        `{"template":{"formatVersion":1,"meta":{"name":"x"},"dimensions":{"width":"1in","height":"1in"},"elements":[],"${key}":${poison}},"format":"zpl","data":{}}`,
        `{"template":${inlineWith(`,"style":{"${key}":${poison}}`)},"format":"png","data":{}}`,
      ];
      for (const body of bodies) {
        const refused = await expectError(post(body), 400, 'BAD_REQUEST');
        expect(refused.error).toMatch(/__proto__/);
      }
    }
    // "constructor": {"prototype": …} passes the parser: in data it is a plain key, rendered like any other.
    for (const data of [
      `{"constructor":{"prototype":${poison}},"name":"x"}`,
      `{"a":{"constructor":{"prototype":${poison}}},"list":[{"constructor":{"prototype":${poison}}}]}`,
      `{"prototype":${poison},"toString":"x","valueOf":{"a":1},"hasOwnProperty":1}`,
    ]) {
      for (const format of ['zpl', 'pdf', 'png', 'html']) {
        const answer = await post(`{"templateId":"${id}","format":"${format}","data":${data}}`);
        expect(answer.status, answer.text.slice(0, 300)).toBe(200);
        expect(answer.json?.format).toBe(format);
      }
    }
    // In the body: unknown keys of the request are ignored, the answer is the usual JSON.
    const answer = await post(`{"constructor":{"prototype":${poison}},"templateId":"${id}","format":"zpl","data":{}}`);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    // In the template: unknown keys are template errors, wherever they are.
    const templates = [
      `{"formatVersion":1,"meta":{"name":"x"},"dimensions":{"width":"1in","height":"1in"},"elements":[],"constructor":{"prototype":${poison}}}`,
      `{"formatVersion":1,"meta":{"name":"x","constructor":{"prototype":${poison}}},"dimensions":{"width":"1in","height":"1in"},"elements":[]}`,
      inlineWith(`,"constructor":{"prototype":${poison}}`),
      inlineWith(`,"style":{"constructor":{"prototype":${poison}}}`),
      inlineWith(`,"prototype":${poison}`),
    ];
    for (const inline of templates) {
      for (const format of ['zpl', 'png']) {
        const body = await expectError(
          post(`{"template":${inline},"format":"${format}","data":{}}`),
          400,
          'INVALID_TEMPLATE',
        );
        expect(JSON.stringify(body.details)).toMatch(/constructor|prototype/);
      }
    }

    // Same bytes as before, on every thread: no style default, condition or request field was changed.
    const after = await probeOutputs();
    expect(after.zpl?.[0]?.toString()).toContain('^FD[||]^FS');
    expect(after.html?.[0]?.toString()).not.toContain('yes');
    for (const format of ['zpl', 'pdf', 'html']) {
      for (const [index, bytes] of (after[format] ?? []).entries())
        expect(bytes.equals(before[format]?.[index] ?? Buffer.alloc(0)), `${format} #${index}`).toBe(true);
    }
    await expectServing();
  });
});

describe('hostile expressions', () => {
  const cases: [string, 400 | 502][] = [
    ["constructor.constructor('return process')()", 400],
    ['data.constructor', 400],
    ["data['__proto__']", 400],
    ['name.constructor', 400],
    ['[1, 2].constructor', 400],
    ["data['constr' + 'uctor']", 502],
    ["data[lower('__PROTO__')]", 502],
    ["data['proto' + 'type']", 502],
    ['data.toString()', 400],
    ['this', 400],
    ['x = 1', 400],
    ['new Date()', 400],
    ['`${1}`', 400],
    ['a => a', 400],
    ["padStart('x', 1000000000, 'y')", 502],
    ["padEnd('x', 1e300, 'y')", 502],
    ["replace(padStart('', 50000, 'a'), 'a', 'bbbbbbbbbb')", 502],
    ["split(padStart('', 99999, ','), ',')", 502],
    ["join(split(padStart('', 99999, ','), ','), padStart('', 1000, 'x'))", 502],
    ['formatNumber(1, 1000000000)', 502],
    ['round(1, 1e9)', 502],
    ["formatDate(addDays(now(), 1e300), 'yyyy')", 502],
    ["formatCurrency(1, 'XXXXX', 'zz')", 502],
    [`${'('.repeat(150)}1${')'.repeat(150)}`, 400],
    [`${'('.repeat(999)}${')'.repeat(999)}`, 400],
    [`${'['.repeat(500)}${']'.repeat(500)}`, 400],
    [`${'!'.repeat(1999)}1`, 400],
    [`${'-'.repeat(1999)}1`, 400],
    [`${'1+'.repeat(999)}1`, 400],
    [`${'a.'.repeat(999)}a`, 400],
    ['x'.repeat(2001), 400],
  ];

  it('answers 400 INVALID_TEMPLATE or 502 RENDER_ERROR naming the element, never a 500', async () => {
    for (const [expression, status] of cases) {
      for (const field of [
        { contentExpression: expression },
        { content: { expression } },
        { condition: expression, content: { text: 'x' } },
      ]) {
        const answer = await render(server.url, tenant.key, {
          template: template([textElement(field)]),
          data: { name: 'abc' },
          format: 'zpl',
        });
        const label = `${Object.keys(field)[0] ?? ''}: ${expression.slice(0, 60)}`;
        expect(answer.status, `${label} -> ${answer.text.slice(0, 300)}`).toBe(status);
        const body = await expectError(answer, status, status === 400 ? 'INVALID_TEMPLATE' : 'RENDER_ERROR');
        if (status === 400) {
          const errors = (body.details as { errors: { path: string; message: string }[] }).errors;
          expect(errors[0]?.path).toMatch(/^elements\[0\]\.(contentExpression|content\.expression|condition)$/);
          expect(errors[0]?.message).toMatch(/expression/);
        } else {
          expect(body.details).toMatchObject({ elementId: 't' });
          expect(body.error).toMatch(/element "t" failed: ./);
        }
      }
    }
  });
});

describe('markup and printer commands in data', () => {
  const hostileText = '<script>alert(1)</script></style><img src=x onerror=alert(1)>"\' &amp; <!-- ]]>';
  const labelWith = (format: string, data: Record<string, unknown>): Promise<Answer> =>
    render(server.url, tenant.key, {
      template: template([
        textElement({ contentExpression: 'name' }),
        {
          id: 'code',
          type: 'barcode',
          symbology: 'code128',
          position: { mode: 'absolute', x: '1mm', y: '10mm' },
          width: '40mm',
          height: '8mm',
          contentExpression: 'sku',
        },
      ]),
      data,
      format,
      delivery: 'inline',
    });

  it('writes html with every data value escaped: no markup from the data survives', async () => {
    const benign = (await labelWith('html', { name: 'plain', sku: 'ABC' })).text;
    const answer = await labelWith('html', { name: hostileText, sku: '"><script>x</script>' });
    expect(answer.status).toBe(200);
    const html = answer.text;
    expect(html).not.toMatch(/<script|<img|onerror=alert\(1\)>|<!--/i);
    // The page's own style block is still the only one; every tag the data could have opened is balanced.
    for (const tag of ['<style>', '</style>']) expect(html.split(tag).length, tag).toBe(benign.split(tag).length);
    for (const [open, close] of [
      ['<div', '</div>'],
      ['<span', '</span>'],
    ] as const)
      expect(html.split(open).length).toBe(html.split(close).length);
    // Data lands only as the text of the spans that draw it, with < > " ' & escaped there.
    const texts = [...html.matchAll(/<span style="[^"<>]*">([^<]*)<\/span>/g)].map((match) => match[1] ?? '');
    for (const text of texts) expect(text).not.toMatch(/[<>"']|&(?!(lt|gt|quot|#39|amp);)/);
    const shown = texts.join(' ');
    expect(shown).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;/style&gt;&lt;img');
    expect(shown).toContain('&quot;&#39; &amp;amp;');
    expect(shown).toContain('&quot;&gt;&lt;script&gt;x&lt;/script&gt;');
    expect(html.replace(/<span style="[^"<>]*">[^<]*<\/span>/g, '')).not.toMatch(/alert|onerror/);
    await expectServing();
  });

  it('writes zpl with data only inside ^FH-escaped fields: no second ^XA, no ~ command', async () => {
    const answer = await labelWith('zpl', { name: '^XA^FO0,0^FDpwn^FS^XZ ~JR ~JA _5E\n^XA', sku: '^XA~JR^FS' });
    expect(answer.status).toBe(200);
    const zpl = answer.text;
    expect(isWholeOutput('zpl', answer.bytes)).toBe(true);
    expect(zpl.split('^XA').length - 1).toBe(1);
    expect(zpl.split('^XZ').length - 1).toBe(1);
    expect(zpl).not.toContain('~');
    // Every field's data follows ^FH_ and holds no raw caret or tilde.
    const fields = [...zpl.matchAll(/\^FD([\s\S]*?)\^FS/g)];
    expect(fields.length).toBeGreaterThanOrEqual(2);
    for (const field of fields) {
      expect(zpl.slice(Math.max(0, (field.index ?? 0) - 4), field.index)).toBe('^FH_');
      expect(field[1]).not.toMatch(/[\^~\n]/);
    }
    expect(zpl).toContain('^FH_^FD_5EXA_5EFO0,0_5EFDpwn_5EFS_5EXZ _7EJR _7EJA^FS');
    expect(zpl).toContain('^FH_^FD_5F5E^FS');
    expect(zpl).toContain('^FH_^FD_5EXA_7EJR_5EFS^FS');
    await expectServing();
  });
});

describe('huge dimensions', () => {
  it('refuses labels, boxes and positions beyond 1 m, and more than 1,000 elements, as INVALID_TEMPLATE', async () => {
    const rect = (fields: Record<string, unknown>): Record<string, unknown> => ({
      id: 'r',
      type: 'rect',
      position: { mode: 'absolute', x: '1mm', y: '1mm' },
      width: '5mm',
      height: '5mm',
      ...fields,
    });
    const cases: [Record<string, unknown>, string][] = [
      [template([], { width: '2000mm', height: '10mm' }), 'dimensions.width'],
      [template([], { width: '10mm', height: '79in' }), 'dimensions.height'],
      [template([], { width: '1e308mm', height: '10mm' }), 'dimensions.width'],
      [template([rect({ width: '2m' })]), 'elements[0].width'],
      [template([rect({ height: '1001mm' })]), 'elements[0].height'],
      [template([rect({ position: { mode: 'absolute', x: '2000mm', y: '0mm' } })]), 'elements[0].position.x'],
      [template(Array.from({ length: 1001 }, (_, index) => rect({ id: `r${index}` }))), 'elements'],
    ];
    for (const [inline, path] of cases) {
      const body = await expectError(
        render(server.url, tenant.key, { template: inline, data: {}, format: 'pdf' }),
        400,
        'INVALID_TEMPLATE',
      );
      expect((body.details as { errors: { path: string }[] }).errors.map((error) => error.path)).toContain(path);
    }
  });

  it('refuses a 1 m x 1 m png at 600 dpi as 400 BAD_REQUEST before rendering, and renders the same label as pdf', async () => {
    const square = template([], { width: '1000mm', height: '1000mm' });
    const started = performance.now();
    const body = await expectError(
      render(server.url, tenant.key, { template: square, data: {}, format: 'png', dpi: 600 }),
      400,
      'BAD_REQUEST',
    );
    expect(body.error).toMatch(/million pixels/);
    expect(performance.now() - started).toBeLessThan(5000);
    const pdf = await render(server.url, tenant.key, { template: square, data: {}, format: 'pdf', delivery: 'inline' });
    expect(pdf.status).toBe(200);
    expect(isWholeOutput('pdf', pdf.bytes)).toBe(true);
  });
});

describe('path-like output ids', () => {
  it('answers 404 NOT_FOUND to traversal attempts, absolute paths and ids of nothing', async () => {
    const made = await render(server.url, tenant.key, {
      templateId: tenant.templateId,
      data: { name: 'real' },
      format: 'pdf',
    });
    const realId = String(made.json?.id);
    expect((await rawGet(server.url, `/v1/render-outputs/${realId}`, tenant.key)).status).toBe(200);
    const paths = [
      '/v1/render-outputs/..%2F..%2Fetc%2Fpasswd',
      '/v1/render-outputs/..%2flabelsmith.db',
      '/v1/render-outputs/../labelsmith.db',
      '/v1/render-outputs/../../labelsmith.db',
      '/v1/render-outputs/..%5C..%5Clabelsmith.db',
      '/v1/render-outputs/%2Fetc%2Fpasswd',
      '/v1/render-outputs//etc/passwd',
      '/v1/render-outputs/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/v1/render-outputs/%252e%252e%252flabelsmith.db',
      '/v1/render-outputs/00000000-0000-4000-8000-000000000000',
      `/v1/render-outputs/${realId.toUpperCase()}`,
      `/v1/render-outputs/${realId}.pdf`,
      `/v1/render-outputs/${realId}%00`,
      `/v1/render-outputs/..%2Foutputs%2F${realId}.pdf`,
      '/v1/render-outputs/%00',
      '/v1/render-outputs/%E0%A4%A',
      '/v1/render-outputs/%',
      `/v1/render-outputs/${'a'.repeat(4000)}`,
    ];
    for (const path of paths) {
      const answer = await rawGet(server.url, path, tenant.key);
      expect(answer.status, path).toBe(404);
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'NOT_FOUND', error: expect.any(String) });
      expect(answer.body).not.toMatch(/SQLite format|root:|%PDF/);
      await expectServing();
    }
  });
});

describe('image sources', () => {
  const image = (fields: Record<string, unknown>): Record<string, unknown> =>
    template([
      {
        id: 'i',
        type: 'image',
        position: { mode: 'absolute', x: '1mm', y: '1mm' },
        width: '10mm',
        height: '10mm',
        ...fields,
      },
    ]);

  it('refuses file:, http: and path sources as INVALID_TEMPLATE, and a data value naming one as RENDER_ERROR', async () => {
    for (const src of [
      'file:///etc/passwd',
      'http://127.0.0.1:1/a.png',
      'https://example.com/a.png',
      '/etc/passwd',
      '../labelsmith.db',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    ]) {
      for (const format of ['png', 'pdf', 'zpl', 'html']) {
        const body = await expectError(
          render(server.url, tenant.key, { template: image({ src }), data: {}, format }),
          400,
          'INVALID_TEMPLATE',
        );
        expect((body.details as { errors: { path: string }[] }).errors[0]?.path).toBe('elements[0].src');
      }
    }
    for (const value of ['file:///etc/passwd', 'http://127.0.0.1:1/a.png', '/etc/passwd']) {
      for (const format of ['png', 'pdf']) {
        const body = await expectError(
          render(server.url, tenant.key, {
            template: image({ contentExpression: 'src' }),
            data: { src: value },
            format,
          }),
          502,
          'RENDER_ERROR',
        );
        expect(body.details).toMatchObject({ elementId: 'i' });
      }
    }
  });
});

describe('after all of it', () => {
  it('is still the same process, serving, and logged no unexpected error', async () => {
    await expectServing();
    const answer = await render(server.url, tenant.key, {
      templateId: tenant.templateId,
      data: { name: 'still here' },
      format: 'png',
      dpi: 100,
    });
    expect(answer.status).toBe(200);
    // pino level 50 is "error": the error mapper logs there only for failures it did not expect (a 500).
    expect(server.stderr()).not.toMatch(/"level":(50|60)/);
  });
});
