// The Labelary-compatible viewer against a real server: bodies as curl and browsers send them, png/pdf/json, its headers, quota, rate and hostile input.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYLESS_VIEWER_LIMITS } from './zplViewerRoute';
import {
  call,
  cli,
  expectError,
  rateLimitHeaders,
  startTestServer,
  teamsWithKeys,
  type ApiResponse,
  type TeamSpec,
  type TeamWithKeys,
  type TestServer,
} from '../../../../test/support/server/serverTestSupport';

const run = promisify(execFile);

const RATE = { rateMinute: 1000, rateHour: 10_000 };
const TEAMS = {
  main: { plan: 'pro', ...RATE },
  capped: { plan: 'dev', quotaLimit: 2, keys: ['live'] as const, ...RATE },
  slow: { plan: 'pro', rateMinute: 2, rateHour: 100, keys: ['live'] as const },
} satisfies Record<string, TeamSpec>;

let server: TestServer;
let teams: Record<keyof typeof TEAMS, TeamWithKeys>;
let scratch: string;

beforeAll(async () => {
  server = await startTestServer();
  teams = await teamsWithKeys(cli(server.dataDir), TEAMS);
  scratch = await mkdtemp(join(tmpdir(), 'labelsmith-zpl-viewer-'));
});

afterAll(async () => {
  await server.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/** A filled 100 x 50 dot box at (40, 60), and a line of text: ink at known dots. */
const BOX_LABEL = '^XA\n^FO40,60^GB100,50,50^FS\n^FO40,200^A0N,40,40^FDParcel 1^FS\n^XZ\n';
const SECOND_LABEL = '^XA^FO300,300^GB20,20,20^FS^XZ\n';
const THIRD_LABEL = '^XA^FO10,10^A0N,30,30^FDThird^FS^XZ\n';

interface ViewOptions {
  key?: string;
  path?: string;
  accept?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** POST as `curl --data-binary` does by default: the raw body labelled application/x-www-form-urlencoded. */
function view(zpl: string | Uint8Array<ArrayBuffer> | FormData, options: ViewOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'image/png', ...options.headers };
  if (!(zpl instanceof FormData)) headers['Content-Type'] = options.contentType ?? 'application/x-www-form-urlencoded';
  return fetchAll(options.path ?? '/v1/printers/8dpmm/labels/4x6/0/', {
    method: 'POST',
    headers: { Authorization: `Bearer ${options.key ?? teams.main.live}`, ...headers },
    body: zpl,
  });
}

function fetchAll(path: string, init: RequestInit): Promise<ApiResponse> {
  return fetchAllFrom(server, path, init);
}

async function fetchAllFrom(target: Pick<TestServer, 'url'>, path: string, init: RequestInit): Promise<ApiResponse> {
  const response = await fetch(`${target.url}${path}`, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  return {
    status: response.status,
    headers: response.headers,
    body: bytes,
    text,
    json: <T>() => JSON.parse(text) as T,
  };
}

function isInk(png: PNG, x: number, y: number): boolean {
  const at = (y * png.width + x) * 4;
  return (png.data[at] ?? 255) < 128;
}

async function usage(key: string): Promise<{ live: number; test: number }> {
  return (await call(server, '/v1/usage', { key })).json<{ renders: { live: number; test: number } }>().renders;
}

async function pdfInfo(bytes: Buffer): Promise<string> {
  const file = join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  return (await run('pdfinfo', [file])).stdout;
}

describe('PNG', () => {
  it('draws the label at the index as the printer would: 4x6 in at 8 dpmm is 812 x 1218 dots, ink where ^GB put it', async () => {
    const response = await view(BOX_LABEL + SECOND_LABEL);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    expect(response.headers.get('X-Total-Count')).toBe('2');
    const png = PNG.sync.read(response.body);
    // Printers of 8 dpmm have 203 dpi: 4 x 6 in is 812 x 1218 dots, as Labelary draws it.
    expect([png.width, png.height]).toEqual([812, 1218]);
    // Every pixel a printer's dot: 1-bit grey (IHDR bit depth and colour type), so only black and white.
    expect([response.body[24], response.body[25]]).toEqual([1, 0]);
    expect(new Set(png.data.filter((_, at) => at % 4 === 0))).toEqual(new Set([0, 255]));
    expect(isInk(png, 90, 85)).toBe(true);
    expect(isInk(png, 20, 20)).toBe(false);
    expect(isInk(png, 310, 310)).toBe(false);
    // The second label, by its index.
    const second = PNG.sync.read(
      (await view(BOX_LABEL + SECOND_LABEL, { path: '/v1/printers/8dpmm/labels/4x6/1/' })).body,
    );
    expect(isInk(second, 310, 310)).toBe(true);
    expect(isInk(second, 90, 85)).toBe(false);
  });

  it('draws label 0 of a carrier-style file whose settings blocks come first and whose format opens with a second ^XA', async () => {
    // Printer settings in formats of their own, then a format that begins ^XA^LL…^CI28 and opens again with ^XA.
    const carrier = `^XA^MCY^XZ\n^XA^MMT^PW812^LH0,0~SD15^JUS^XZ\n^XA^LL1218^CI28\n${BOX_LABEL}${SECOND_LABEL}`;
    const response = await view(carrier);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Total-Count')).toBe('2');
    const first = PNG.sync.read(response.body);
    expect(isInk(first, 90, 85)).toBe(true);
    const pages = await view(carrier, { accept: 'application/pdf', path: '/v1/printers/8dpmm/labels/4x6/' });
    expect(pages.headers.get('X-Total-Count')).toBe('2');
    expect((pages.text.match(/\/Type \/Page\b/g) ?? []).length).toBe(2);
  });

  it('reads the body as text/plain, or from a multipart "file" field (file or plain value), the same', async () => {
    const plain = await view(BOX_LABEL, { contentType: 'text/plain', path: '/v1/printers/8dpmm/labels/4x6/' });
    expect(plain.status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([BOX_LABEL]), 'label.zpl');
    const multipart = await view(form, { path: '/v1/printers/8dpmm/labels/4x6/' });
    expect(multipart.status).toBe(200);
    expect(multipart.body.equals(plain.body)).toBe(true);
    const value = new FormData();
    value.append('file', BOX_LABEL);
    expect((await view(value, { path: '/v1/printers/8dpmm/labels/4x6/' })).body.equals(plain.body)).toBe(true);
    const wrongField = new FormData();
    wrongField.append('zpl', BOX_LABEL);
    expect(expectError(await view(wrongField), 400, 'BAD_REQUEST').error).toMatch(/"file"/);
  });

  it('is the size of each density, decimals allowed, without a trailing slash too', async () => {
    for (const [dpmm, size, width, height] of [
      [6, '2x1', 304, 152],
      [12, '2.5x1', 750, 300],
      [24, '1x0.5', 600, 300],
    ] as const) {
      const response = await view(BOX_LABEL, { path: `/v1/printers/${dpmm}dpmm/labels/${size}/0` });
      expect(response.status).toBe(200);
      const png = PNG.sync.read(response.body);
      expect([png.width, png.height]).toEqual([width, height]);
    }
  });

  it('turns the output by X-Rotation: 90 puts the box at the right edge of a 1218 x 812 image', async () => {
    const png = PNG.sync.read((await view(BOX_LABEL, { headers: { 'X-Rotation': '90' } })).body);
    expect([png.width, png.height]).toEqual([1218, 812]);
    // (x, y) of the upright label lands at (height - 1 - y, x).
    expect(isInk(png, 1218 - 1 - 85, 90)).toBe(true);
    expect(isInk(png, 85, 90)).toBe(false);
    const upsideDown = PNG.sync.read((await view(BOX_LABEL, { headers: { 'X-Rotation': '180' } })).body);
    expect(isInk(upsideDown, 812 - 1 - 90, 1218 - 1 - 85)).toBe(true);
    expect(expectError(await view(BOX_LABEL, { headers: { 'X-Rotation': '45' } }), 400, 'BAD_REQUEST').error).toMatch(
      /X-Rotation/,
    );
  });

  it('answers 400 for several labels without an index, 404 for an index past the last, both with X-Total-Count, counting neither', async () => {
    const before = await usage(teams.main.live);
    const several = await view(BOX_LABEL + SECOND_LABEL, { path: '/v1/printers/8dpmm/labels/4x6/' });
    expect(expectError(several, 400, 'BAD_REQUEST').error).toMatch(/2 labels/);
    expect(several.headers.get('X-Total-Count')).toBe('2');
    const past = await view(BOX_LABEL + SECOND_LABEL, { path: '/v1/printers/8dpmm/labels/4x6/2/' });
    expect(expectError(past, 404, 'NOT_FOUND').error).toMatch(/label 2 does not exist/);
    expect(past.headers.get('X-Total-Count')).toBe('2');
    // A PNG's count is written while it draws and taken back when it fails: the answers above counted nothing.
    expect((await usage(teams.main.live)).live).toBe(before.live);
    expect((await view(BOX_LABEL)).status).toBe(200);
    expect((await usage(teams.main.live)).live).toBe(before.live + 1);
  });
});

describe('PDF and JSON', () => {
  it('answers every label as a page of the label size, and counts each as a live render', async () => {
    const before = await usage(teams.main.live);
    const response = await view(BOX_LABEL + SECOND_LABEL + THIRD_LABEL, {
      accept: 'application/pdf',
      path: '/v1/printers/8dpmm/labels/4x6/',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('X-Total-Count')).toBe('3');
    const info = await pdfInfo(response.body);
    expect(info).toMatch(/^Pages:\s+3$/m);
    expect(info).toMatch(/^Page size:\s+288 x 432 pts/m);
    expect((await usage(teams.main.live)).live).toBe(before.live + 3);
    // One page with an index; X-Rotation 90 turns the page.
    const turned = await view(BOX_LABEL + SECOND_LABEL, {
      accept: 'application/pdf',
      path: '/v1/printers/8dpmm/labels/4x6/1/',
      headers: { 'X-Rotation': '90' },
    });
    const turnedInfo = await pdfInfo(turned.body);
    expect(turnedInfo).toMatch(/^Pages:\s+1$/m);
    expect(turnedInfo).toMatch(/^Page size:\s+432 x 288 pts/m);
  });

  it('answers the laid-out labels and the warnings as JSON for tools', async () => {
    const response = await view(BOX_LABEL + '^XA^FO5,5^ZZ1^FS^XZ', {
      accept: 'application/json',
      path: '/v1/printers/8dpmm/labels/4x6/',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    const body = response.json<{
      totalCount: number;
      labels: { index: number; quantity: number; width: number; elements: { type: string }[] }[];
      warnings: { command: string; position: number }[];
    }>();
    expect(body.totalCount).toBe(2);
    expect(body.labels.map((label) => label.index)).toEqual([0, 1]);
    expect(body.labels[0]?.width).toBeCloseTo((812 * 72) / (8 * 25.4), 3);
    expect(body.labels[0]?.elements.map((element) => element.type)).toEqual(expect.arrayContaining(['rect', 'text']));
    expect(body.warnings).toContainEqual(expect.objectContaining({ command: '^ZZ', position: BOX_LABEL.length + 9 }));
  });
});

describe('Labelary headers and checks', () => {
  it('X-Linter: On gives the warnings in X-Warnings, five fields each (byte offset, size, command, parameter, message)', async () => {
    const zpl = '^XA^FO10,10^ZZ^FS^XZ';
    const linted = await view(zpl, { headers: { 'X-Linter': 'On' } });
    expect(linted.status).toBe(200);
    const fields = (linted.headers.get('X-Warnings') ?? '').split('|');
    expect(fields.length % 5).toBe(0);
    expect(fields.slice(0, 4)).toEqual(['11', '3', '^ZZ', '']);
    expect(fields[4]).toMatch(/not a command/);
    expect((await view(zpl)).headers.get('X-Warnings')).toBeNull();
    expect((await view(BOX_LABEL, { headers: { 'X-Linter': 'On' } })).headers.get('X-Warnings')).toBeNull();
  });

  it('refuses a bad density, size, index or Accept with 400 naming what to fix', async () => {
    expect(
      expectError(await view(BOX_LABEL, { path: '/v1/printers/7dpmm/labels/4x6/0/' }), 400, 'BAD_REQUEST').error,
    ).toMatch(/6dpmm, 8dpmm, 12dpmm, 24dpmm/);
    expect(
      expectError(await view(BOX_LABEL, { path: '/v1/printers/8dpmm/labels/16x6/0/' }), 400, 'BAD_REQUEST').error,
    ).toMatch(/at most 15/);
    expect(
      expectError(await view(BOX_LABEL, { path: '/v1/printers/8dpmm/labels/4by6/0/' }), 400, 'BAD_REQUEST').error,
    ).toMatch(/WIDTHxHEIGHT/);
    expect(
      expectError(await view(BOX_LABEL, { path: '/v1/printers/8dpmm/labels/4x6/first/' }), 400, 'BAD_REQUEST').error,
    ).toMatch(/index/);
    expect(expectError(await view(BOX_LABEL, { accept: 'text/html' }), 400, 'BAD_REQUEST').error).toMatch(/Accept/);
    // A PNG past the pixel limit: PDF has none.
    expect(
      expectError(await view(BOX_LABEL, { path: '/v1/printers/24dpmm/labels/15x15/0/' }), 400, 'BAD_REQUEST').error,
    ).toMatch(/application\/pdf/);
  });

  it('needs an API key, and answers bodies over 1 MB with 413', async () => {
    const anonymous = await fetchAll('/v1/printers/8dpmm/labels/4x6/0/', { method: 'POST', body: BOX_LABEL });
    expectError(anonymous, 401, 'AUTH_REQUIRED');
    expectError(await view('^XA' + 'x'.repeat(1024 * 1024) + '^XZ'), 413, 'PAYLOAD_TOO_LARGE');
    expect((await call(server, '/health')).status).toBe(200);
  });

  it('works with curl as a Labelary client calls it, the base URL changed only', async () => {
    const file = join(scratch, 'label.zpl');
    await writeFile(file, BOX_LABEL);
    const out = join(scratch, 'label.png');
    const { stdout } = await run('curl', [
      '-s',
      '-o',
      out,
      '-w',
      '%{http_code}',
      '--data-binary',
      `@${file}`,
      '-H',
      `Authorization: Bearer ${teams.main.live}`,
      `${server.url}/v1/printers/8dpmm/labels/4x6/0/`,
    ]);
    expect(stdout).toBe('200');
    const png = PNG.sync.read(await import('node:fs/promises').then((fs) => fs.readFile(out)));
    expect(isInk(png, 90, 85)).toBe(true);
  });
});

describe("Labelary's quality, page and GET forms", () => {
  /** A 4x6 label's border, 16 dots thick: where the label sits on a page shows in its pixels. */
  const BORDER_LABEL = '^XA^FO0,0^GB812,1218,16^FS^XZ\n';

  /** Page `page` (1-based) of a PDF drawn at 72 dpi by poppler: one pixel a point. */
  async function pdfPage(bytes: Buffer, page: number): Promise<PNG> {
    const base = join(scratch, Math.random().toString(36).slice(2));
    await writeFile(`${base}.pdf`, bytes);
    await run('pdftoppm', [
      '-r',
      '72',
      '-png',
      '-singlefile',
      '-f',
      String(page),
      '-l',
      String(page),
      `${base}.pdf`,
      base,
    ]);
    return PNG.sync.read(await readFile(`${base}.png`));
  }

  it('X-Quality: Grayscale antialiases in 8-bit grey; Bitonal (the default) draws 1-bit printer dots; others are 400', async () => {
    const ihdr = (png: Buffer) => ({ bitDepth: png[24], colorType: png[25] });
    const bitonal = await view(BOX_LABEL);
    expect(ihdr(bitonal.body)).toEqual({ bitDepth: 1, colorType: 0 });
    expect(ihdr((await view(BOX_LABEL, { headers: { 'X-Quality': 'bitonal' } })).body)).toEqual({
      bitDepth: 1,
      colorType: 0,
    });
    const grey = await view(BOX_LABEL, { headers: { 'X-Quality': 'Grayscale' } });
    expect(grey.status, grey.text).toBe(200);
    expect(ihdr(grey.body)).toEqual({ bitDepth: 8, colorType: 0 });
    const png = PNG.sync.read(grey.body);
    let between = 0;
    for (let at = 0; at < png.data.length; at += 4)
      if ((png.data[at] ?? 0) > 0 && (png.data[at] ?? 255) < 255) between++;
    // The text's edges are grey; the box is still where ^GB put it.
    expect(between).toBeGreaterThan(50);
    expect(isInk(png, 90, 85)).toBe(true);
    expect(expectError(await view(BOX_LABEL, { headers: { 'X-Quality': 'Colour' } }), 400, 'BAD_REQUEST').error).toBe(
      'X-Quality must be Bitonal or Grayscale, got "Colour"',
    );
  });

  it('X-Page-Size, -Orientation and -Layout put the labels N-up on paper, centred by default, Justify spacing them evenly', async () => {
    const all = '/v1/printers/8dpmm/labels/4x6/';
    const sheet = { 'X-Page-Size': 'Letter', 'X-Page-Orientation': 'Landscape', 'X-Page-Layout': '2x1' };
    const response = await view(BORDER_LABEL.repeat(3), { accept: 'application/pdf', path: all, headers: sheet });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('X-Total-Count')).toBe('3');
    const info = await pdfInfo(response.body);
    expect(info).toMatch(/^Pages:\s+2$/m);
    expect(info).toMatch(/^Page size:\s+792 x 612 pts/m);
    // Two 288 x 432 pt labels across 792 x 612: 108 pt free on each side, 90 above and below.
    const first = await pdfPage(response.body, 1);
    const ink = (png: PNG, x: number, y: number) => isInk(png, x, y);
    expect([
      ink(first, 105, 300),
      ink(first, 110, 300),
      ink(first, 398, 300),
      ink(first, 682, 300),
      ink(first, 687, 300),
    ]).toEqual([false, true, true, true, false]);
    expect([ink(first, 300, 87), ink(first, 300, 92), ink(first, 300, 520), ink(first, 300, 525)]).toEqual([
      false,
      true,
      true,
      false,
    ]);
    // The third label starts the second page, in the first cell.
    const second = await pdfPage(response.body, 2);
    expect([ink(second, 110, 300), ink(second, 398, 300)]).toEqual([true, false]);
    // Justify: the 216 pt left over split in three, 72 pt before, between and after.
    const justified = await view(BORDER_LABEL.repeat(2), {
      accept: 'application/pdf',
      path: all,
      headers: { ...sheet, 'X-Page-Align': 'Justify', 'X-Page-Vertical-Align': 'Top' },
    });
    const page = await pdfPage(justified.body, 1);
    expect([
      ink(page, 69, 300),
      ink(page, 74, 300),
      ink(page, 398, 300),
      ink(page, 434, 300),
      ink(page, 722, 300),
      ink(page, 300, 2),
    ]).toEqual([false, true, false, true, false, true]);
  });

  it('refuses a layout that does not fit the paper, and a bad page header, with 400 naming the fix', async () => {
    const refused = await view(BORDER_LABEL, {
      accept: 'application/pdf',
      path: '/v1/printers/8dpmm/labels/4x6/',
      headers: { 'X-Page-Size': 'Letter', 'X-Page-Layout': '3x1' },
    });
    expect(expectError(refused, 400, 'BAD_REQUEST').error).toBe(
      '3x1 labels of 4.00 x 6.00 in need 12.00 x 6.00 in, more than the 8.50 x 11.00 in page: choose a larger X-Page-Size, the other X-Page-Orientation or fewer labels in X-Page-Layout',
    );
    expect(
      expectError(
        await view(BORDER_LABEL, { accept: 'application/pdf', headers: { 'X-Page-Size': 'B5' } }),
        400,
        'BAD_REQUEST',
      ).error,
    ).toBe('X-Page-Size must be one of Letter, Legal, Tabloid, A4, A5, A6, got "B5"');
    expect(
      expectError(
        await view(BORDER_LABEL, { accept: 'application/pdf', headers: { 'X-Page-Layout': '3 by 2' } }),
        400,
        'BAD_REQUEST',
      ).error,
    ).toMatch(/^X-Page-Layout must be COLUMNSxROWS/);
  });

  it('GET with the ZPL URL-encoded after the index draws what POST draws, byte for byte', async () => {
    const posted = await view(BOX_LABEL);
    const got = await fetchAll(`/v1/printers/8dpmm/labels/4x6/0/${encodeURIComponent(BOX_LABEL)}`, {
      headers: { Authorization: `Bearer ${teams.main.live}` },
    });
    expect(got.status, got.text).toBe(200);
    expect(got.headers.get('Content-Type')).toBe('image/png');
    expect(got.body.equals(posted.body)).toBe(true);
    // A byte escaped as %XX is one byte, as in a body: ^CI27 (Windows-1252) reads 0xE9 as é.
    const latin = await fetchAll(
      `/v1/printers/8dpmm/labels/4x6/0/${encodeURIComponent('^XA^CI27^FO10,10^A0N,30,30^FDCaf')}%E9${encodeURIComponent('^FS^XZ')}`,
      {
        headers: { Authorization: `Bearer ${teams.main.live}`, Accept: 'application/json' },
      },
    );
    expect(latin.status, latin.text).toBe(200);
    expect(JSON.stringify(latin.json())).toContain('Café');
  });
});

describe('quota and rate', () => {
  it('a hard cap admits all labels of an answer or none', async () => {
    const key = teams.capped.live;
    expectError(
      await view(BOX_LABEL + SECOND_LABEL + THIRD_LABEL, {
        key,
        accept: 'application/pdf',
        path: '/v1/printers/8dpmm/labels/4x6/',
      }),
      429,
      'QUOTA_EXCEEDED',
    );
    expect((await usage(key)).live).toBe(0);
    expect(
      (await view(BOX_LABEL + SECOND_LABEL, { key, accept: 'application/pdf', path: '/v1/printers/8dpmm/labels/4x6/' }))
        .status,
    ).toBe(200);
    expect((await usage(key)).live).toBe(2);
    expectError(await view(BOX_LABEL, { key }), 429, 'QUOTA_EXCEEDED');
  });

  it('each request counts against the team rate limit, with the X-RateLimit headers', async () => {
    const key = teams.slow.live;
    const first = await view(BOX_LABEL, { key });
    expect(rateLimitHeaders(first).remaining).toBe(1);
    expect((await view(BOX_LABEL, { key })).status).toBe(200);
    expectError(await view(BOX_LABEL, { key }), 429, 'RATE_LIMITED');
  });
});

describe('hostile input', () => {
  it('answers each with 400 or warnings, and the server stays up', async () => {
    const huge = await view('^XA^PW100000^LL100000^FO10,10^GB50,50,50^FS^XZ', { headers: { 'X-Linter': 'On' } });
    expect(huge.status).toBe(200);
    const png = PNG.sync.read(huge.body);
    expect([png.width, png.height]).toEqual([812, 1218]);
    const fields =
      '^XA' +
      Array.from({ length: 10_000 }, (_, index) => `^FO${index % 800},${index % 1200}^A0N,20,20^FD${index}^FS`).join(
        '',
      ) +
      '^XZ';
    expect([200, 400]).toContain((await view(fields, { accept: 'application/json' })).status);
    const notUtf8 = await view(
      Uint8Array.from([...Buffer.from('^XA^CI28^FO10,10^A0N,30,30^FD'), 0xff, 0xfe, 0xc3, ...Buffer.from('^FS^XZ')]),
    );
    expect(notUtf8.status).toBe(200);
    expect(
      (
        await view('^XA^DFR:SELF.ZPL^FS^XFR:SELF.ZPL^FS^XZ^XA^XFR:SELF.ZPL^FS^XZ', {
          accept: 'application/json',
          path: '/v1/printers/8dpmm/labels/4x6/',
        })
      ).status,
    ).toBe(200);
    expect((await view('', { accept: 'application/pdf', path: '/v1/printers/8dpmm/labels/4x6/' })).status).toBe(400);
    // A graphic declaring 100 MB with a few bytes of data, and one of a billion dots: refused or skipped, never allocated.
    expect([200, 400]).toContain((await view('^XA^FO0,0^GFA,100000000,100000000,10000,FFFF^FS^XZ')).status);
    expect([200, 400]).toContain(
      (await view('^XA^FO0,0^GFA,125000000,125000000,1000,:Z64:eJwLAAA=:0000^FS^XZ')).status,
    );
    expect((await call(server, '/health')).status).toBe(200);
  });
});

describe('binary graphics and mirroring', () => {
  /** Every byte value once, 16 to a row (a 128 x 16 dot graphic): ^ (0x5E), ~ (0x7E), LF (0x0A) and 0x80-0xFF among them. */
  const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => (i + 0x0b) & 0xff);
  const BINARY_LABEL = Buffer.concat([
    Buffer.from('^XA\n^FO20,30^GFB,256,256,16,'),
    ALL_BYTES,
    Buffer.from('^FS\n^FO300,300^GB20,20,20^FS\n^XZ\n'),
  ]);

  /** Each dot of the graphic at (20, 30) inked as its bit says, and the box after it drawn. */
  function expectAllBytes(png: PNG): void {
    ALL_BYTES.forEach((byte, i) => {
      for (let bit = 0; bit < 8; bit++)
        expect(isInk(png, 20 + (i % 16) * 8 + bit, 30 + Math.floor(i / 16))).toBe(((byte >> (7 - bit)) & 1) === 1);
    });
    expect(isInk(png, 310, 310)).toBe(true);
  }

  it('draws a binary ^GFB from the raw body byte for byte, as curl --data-binary and a multipart file send it', async () => {
    for (const byte of [0x5e, 0x7e, 0x0a, 0x80, 0xff]) expect(ALL_BYTES).toContain(byte);
    const raw = await view(new Uint8Array(BINARY_LABEL), { headers: { 'X-Linter': 'On' } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('X-Warnings')).toBeNull();
    expectAllBytes(PNG.sync.read(raw.body));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(BINARY_LABEL)]), 'binary.zpl');
    const multipart = await view(form);
    expect(multipart.status).toBe(200);
    expect(multipart.body.equals(raw.body)).toBe(true);
    // curl itself, from a file.
    const file = join(scratch, 'binary.zpl');
    await writeFile(file, BINARY_LABEL);
    const out = join(scratch, 'binary.png');
    const { stdout } = await run('curl', [
      '-s',
      '-o',
      out,
      '-w',
      '%{http_code}',
      '--data-binary',
      `@${file}`,
      '-H',
      `Authorization: Bearer ${teams.main.live}`,
      `${server.url}/v1/printers/8dpmm/labels/4x6/0/`,
    ]);
    expect(stdout).toBe('200');
    expectAllBytes(PNG.sync.read(await readFile(out)));
  });

  it('answers a compressed binary ^GFC with a warning naming the format, and the rest of the label drawn', async () => {
    const body = Buffer.concat([
      Buffer.from('^XA^FO0,0^GFC,6,64,8,'),
      Buffer.from([0x5e, 0x58, 0x5a, 0x0a, 0x7e, 0xff]),
      Buffer.from('^FS^FO300,300^GB20,20,20^FS^XZ'),
    ]);
    const response = await view(new Uint8Array(body), { headers: { 'X-Linter': 'On' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Warnings')).toMatch(/^9\|3\|\^GF\|\|.*format C/);
    expect(isInk(PNG.sync.read(response.body), 310, 310)).toBe(true);
  });

  it('draws a ^PMY label mirrored, and says so in the JSON', async () => {
    const mirrored = `^XA^PMY${BOX_LABEL.slice('^XA'.length)}`;
    const png = PNG.sync.read((await view(mirrored)).body);
    // The box at x 40..139 lands at 812 - 140 .. 812 - 41.
    expect(isInk(png, 812 - 1 - 90, 85)).toBe(true);
    expect(isInk(png, 90, 85)).toBe(false);
    const json = (await view(mirrored, { accept: 'application/json' })).json<{ labels: { mirror: boolean }[] }>();
    expect(json.labels.map((label) => label.mirror)).toEqual([true]);
  });
});

describe('the viewer without a key (serve --viewer-without-key)', () => {
  let open: TestServer;
  let team: TeamWithKeys;

  beforeAll(async () => {
    open = await startTestServer({ viewerWithoutKey: true });
    team = (await teamsWithKeys(cli(open.dataDir), { acme: { plan: 'pro', ...RATE } })).acme;
  });

  afterAll(async () => {
    await open?.dispose();
  });

  const post = (zpl: string, headers: Record<string, string> = {}) =>
    fetchAllFrom(open, '/v1/printers/8dpmm/labels/4x6/0/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: zpl,
    });
  const liveRenders = async () =>
    (await call(open, '/v1/usage', { key: team.live })).json<{ renders: { live: number } }>().renders.live;

  it('draws a label for a Labelary client that sends no key, counted against no team, with the per-address limits in the headers', async () => {
    const response = await post(BOX_LABEL);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    expect(isInk(PNG.sync.read(response.body), 90, 85)).toBe(true);
    expect(response.headers.get('X-RateLimit-Limit')).toBe(String(KEYLESS_VIEWER_LIMITS.perMinute));
    expect(await liveRenders()).toBe(0);
  });

  it('still checks a key that is sent, and counts a keyed request against its team', async () => {
    expectError(
      await post(BOX_LABEL, { Authorization: 'Bearer svc_sk_live_not-a-key-at-all-not-a-key-at-all' }),
      401,
      'AUTH_REQUIRED',
    );
    expect((await post(BOX_LABEL, { Authorization: `Bearer ${team.live}` })).status).toBe(200);
    expect(await liveRenders()).toBe(1);
  });

  it('refuses a client past its per-minute limit with 429 and Retry-After; a team key is not affected', async () => {
    // Input without a label answers 404 for label 0 after the limit counted it: cheap requests to reach the limit with.
    const first = await post('^XA^XZ');
    expect(first.status).toBe(404);
    const remaining = Number(first.headers.get('X-RateLimit-Remaining'));
    expect(remaining).toBeLessThan(KEYLESS_VIEWER_LIMITS.perMinute);
    for (let sent = 0; sent < remaining; sent++) expect((await post('^XA^XZ')).status).toBe(404);
    const limited = await post(BOX_LABEL);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await post(BOX_LABEL, { Authorization: `Bearer ${team.live}` })).status).toBe(200);
  });

  it('is off by default: a server without it answers 401 without a key', async () => {
    expectError(
      await fetchAllFrom(server, '/v1/printers/8dpmm/labels/4x6/0/', { method: 'POST', body: BOX_LABEL }),
      401,
      'AUTH_REQUIRED',
    );
  });
});
