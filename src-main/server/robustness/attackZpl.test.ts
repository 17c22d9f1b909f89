// Hostile ZPL against the viewer route of a real `labelsmith serve`: each attack answered as documented (400 for graphics over the pixel budget, else drawn with warnings), memory and /health unharmed.
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { zb64Crc } from '@shared/read/zpl/zb64';
import { RENDER_PIXEL_BUDGET } from '@shared/render/pixelBudget';
import { attackTarget, underAttack } from '../../../test/support/server/attackSupport';
import { call, isWholeOutput, type Answer } from '../../../test/support/server/robustnessSupport';

const target = attackTarget();

/** 4x6 in at 8 dpmm: the label every attack asks for, 812 x 1218 dots. */
const LABEL = '/v1/printers/8dpmm/labels/4x6/';

/** The viewer's answers to one input, asked at once as png (label 0, with the linter), pdf (every label) and json. */
interface Views {
  png: Answer;
  pdf: Answer;
  json: Answer;
}

function view(zpl: string | Buffer, path: string, accept: string, linter = false): Promise<Answer> {
  const headers: Record<string, string> = { Accept: accept, ...(linter ? { 'X-Linter': 'On' } : {}) };
  return call(target.server.url, path, {
    key: target.tenant.key,
    body: zpl,
    contentType: 'application/x-www-form-urlencoded',
    headers,
    timeoutMs: 60_000,
  });
}

async function attack(name: string, zpl: string | Buffer): Promise<Views> {
  expect(Buffer.byteLength(zpl), 'under the 1 MB body limit').toBeLessThan(1024 * 1024);
  const {
    result: [png, pdf, json],
  } = await underAttack(`ZPL viewer: ${name}`, target.server, target.tenant, () =>
    Promise.all([
      view(zpl, `${LABEL}0/`, 'image/png', true),
      view(zpl, LABEL, 'application/pdf'),
      view(zpl, LABEL, 'application/json'),
    ]),
  );
  return { png, pdf, json };
}

/** Every answer 200: the png the label's size, the pdf whole, the JSON's warnings holding `code` with a message matching `message`. */
function expectDrawn(views: Views, code: string, message: RegExp): void {
  for (const answer of [views.png, views.pdf, views.json]) expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  const png = PNG.sync.read(views.png.bytes);
  expect([png.width, png.height]).toEqual([812, 1218]);
  expect(isWholeOutput('pdf', views.pdf.bytes)).toBe(true);
  const warnings = (views.json.json?.warnings ?? []) as { code: string; message: string }[];
  expect(warnings.filter((warning) => warning.code === code).map((warning) => warning.message)).toContainEqual(
    expect.stringMatching(message),
  );
  expect(views.png.headers.get('X-Warnings')).toBeTruthy();
}

/** `:Z64:` data with its CRC: zlib of the bytes, base64, and Zebra's CRC-16 of the base64 text. */
function z64(bytes: Buffer): string {
  const payload = deflateSync(bytes, { level: 9 }).toString('base64');
  return `:Z64:${payload}:${zb64Crc(payload).toString(16).toUpperCase().padStart(4, '0')}`;
}

describe('graphics', () => {
  it('a ^GF declaring 100 MB with a few bytes of data: 400 BAD_REQUEST naming the pixel budget, nothing allocated', async () => {
    const views = await attack('^GF declaring 100 MB', '^XA^FO0,0^GFA,100000000,100000000,10000,FFFF^FS^XZ');
    for (const answer of [views.png, views.pdf, views.json]) {
      expect(answer.status, answer.text.slice(0, 300)).toBe(400);
      expect(answer.json).toMatchObject({
        code: 'BAD_REQUEST',
        details: { budget: 'pixels', limit: RENDER_PIXEL_BUDGET },
      });
    }
  });

  it('a Z64 bomb (100 MB inflated from 100 KB) in a graphic declaring one label of dots: inflated only to the declared size, drawn with a warning', async () => {
    const bytesPerRow = 102;
    const rows = 1200;
    const bomb = z64(Buffer.alloc(100 * 1024 * 1024, 0x00));
    const views = await attack(
      'Z64 bomb',
      `^XA^FO0,0^GFA,${bytesPerRow * rows},${bytesPerRow * rows},${bytesPerRow},${bomb}^FS^XZ`,
    );
    expectDrawn(
      views,
      'ZPL_GRAPHIC_SIZE',
      /^\^GF: the Z64 data inflates past the declared 122400 bytes; inflating stopped there/,
    );
  });

  it('a Z64 graphic declaring a billion dots: 400 over the pixel budget before inflating', async () => {
    const views = await attack(
      'Z64 declaring a billion dots',
      `^XA^FO0,0^GFA,125000000,125000000,1000,${z64(Buffer.alloc(4096, 0xff))}^FS^XZ`,
    );
    for (const answer of [views.png, views.pdf, views.json]) {
      expect(answer.status, answer.text.slice(0, 300)).toBe(400);
      expect(answer.json).toMatchObject({ code: 'BAD_REQUEST', details: { budget: 'pixels' } });
    }
  });

  it('a malformed ~DY font (a TrueType header claiming 65,535 tables, then junk): not stored, the field drawn in font 0 with a warning', async () => {
    const font = Buffer.concat([
      Buffer.from([0x00, 0x01, 0x00, 0x00, 0xff, 0xff, 0, 0, 0, 0, 0, 0]),
      Buffer.alloc(500, 0xa5),
    ]);
    const zpl = `~DYE:EVIL,A,T,${font.length},,${font.toString('hex').toUpperCase()}^XA^FO50,50^A@N,40,40,E:EVIL.TTF^FDHello^FS^XZ`;
    expectDrawn(
      await attack('malformed ~DY font', zpl),
      'ZPL_MALFORMED_FONT',
      /E:EVIL.TTF is a malformed font .*; not stored/,
    );
  });
});

describe('label commands', () => {
  it('^PW and ^LL of 100,000 dots: the label stays the size asked in the URL, with a warning', async () => {
    expectDrawn(
      await attack('^PW/^LL 100000', '^XA^PW100000^LL100000^FO10,10^GB50,50,50^FS^XZ'),
      'ZPL_LIMIT',
      /^\^LL100000 is over 32000 dots: ignored/,
    );
  });

  it('10,050 fields in one label: the first 10,000 drawn, the rest skipped with a warning', async () => {
    const fields = Array.from(
      { length: 10_050 },
      (_, index) => `^FO${(index * 7) % 780},${(index * 13) % 1190}^A0N,20,20^FD${index}^FS`,
    ).join('');
    expectDrawn(
      await attack('10,050 fields', `^XA${fields}^XZ`),
      'ZPL_LIMIT',
      /more than 10,000 fields in one label: the rest are skipped/,
    );
  }, 60_000);

  it('a ^DF format that recalls itself: recalled to the documented depth, then skipped with a warning', async () => {
    const zpl = '^XA^DFR:SELF.ZPL^FS^FO10,10^GB40,40,40^FS^XFR:SELF.ZPL^FS^XZ^XA^XFR:SELF.ZPL^FS^XZ';
    expectDrawn(
      await attack('self-recalling ^DF', zpl),
      'ZPL_LIMIT',
      /\^XF SELF.ZPL is recalled too deeply or too often \(depth 4, 1000 recalls\): skipped/,
    );
  });

  it('a graphic placed 30,000 dots off the label (once a panic that aborted the target.server in resvg): drawn without it', async () => {
    const zpl =
      '^XA^FO10,10^GB40,40,40^FS^FO30000,30000^GFA,8,8,1,FFFFFFFFFFFFFFFF^FS^FO10,30000^GFA,8,8,1,FFFFFFFFFFFFFFFF^FS^XZ';
    const views = await attack('graphic far off the label', zpl);
    for (const answer of [views.png, views.pdf, views.json]) expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    const png = PNG.sync.read(views.png.bytes);
    expect([png.width, png.height]).toEqual([812, 1218]);
    // The box is drawn: ink at (30, 30).
    expect(png.data[(30 * png.width + 30) * 4]).toBeLessThan(128);
  });

  it('reversed (^FR) fields far off the label and metres wide (each a panic that aborted resvg): drawn without them, the rest inverted', async () => {
    const zpl =
      '^XA^FO10,10^GB40,40,40^FS^FR^FO3000,3000^GB100,100,100^FS^FR^FO10,10^A0N,30000,30000^FDhuge^FS^FR^FO20,20^GB10,10,10^FS^XZ';
    const views = await attack('reversed fields off the label', zpl);
    for (const answer of [views.png, views.pdf, views.json]) expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    const png = PNG.sync.read(views.png.bytes);
    // The box is drawn, and the small reversed square inside it inverts it back to paper.
    expect(png.data[(14 * png.width + 14) * 4]).toBeLessThan(128);
    expect(png.data[(25 * png.width + 25) * 4]).toBeGreaterThan(128);
  });

  it('invalid UTF-8 in a ^CI28 field: replaced by U+FFFD with a warning', async () => {
    const zpl = Buffer.concat([
      Buffer.from('^XA^CI28^FO10,10^A0N,30,30^FD'),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
      Buffer.from('^FS^XZ'),
    ]);
    expectDrawn(await attack('invalid UTF-8', zpl), 'ZPL_INVALID_TEXT', /not valid under \^CI28: drawn with U\+FFFD/);
  });
});
