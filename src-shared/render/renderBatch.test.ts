// renderLabels on real outputs: pages, label formats, zip entries and error paths of a batch.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledFonts, readBundledFontSources } from '@main/fonts/bundledFonts';
import { FontRegistry } from '../fonts/fontRegistry';
import { BadRequestError, RenderError } from '../errors';
import { BATCH_LIMITS } from './outputFormats';
import { renderLabels } from './renderBatch';

const run = promisify(execFile);
const fonts = bundledFonts();

/** 50 x 25 mm: the record's `name` as text, and a barcode of `ean` only when the record has one. */
const template = {
  formatVersion: 1,
  meta: { name: 'batch' },
  dimensions: { width: '50mm', height: '25mm' },
  elements: [
    {
      id: 'name',
      type: 'text',
      position: { mode: 'absolute', x: '2mm', y: '2mm' },
      width: '46mm',
      height: '10mm',
      contentExpression: 'name',
      style: { fontFamily: 'Printer 0', fontSize: '12pt' },
    },
    {
      id: 'ean',
      type: 'barcode',
      symbology: 'ean13',
      position: { mode: 'absolute', x: '2mm', y: '13mm' },
      width: '40mm',
      height: '10mm',
      contentExpression: 'ean',
      condition: 'ean',
    },
  ],
};
const records = [{ name: 'Alice Apple' }, { name: 'Bob Banana' }, { name: 'Chloé Cherry' }];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'labelsmith-batch-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  const info = (await run('pdfinfo', [file])).stdout;
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const texts: string[] = [];
  for (let page = 1; page <= pages; page++)
    texts.push((await run('pdftotext', ['-f', String(page), '-l', String(page), file, '-'])).stdout.trim());
  return texts;
}

const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
const zplLabels = (zpl: string): string[] => zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];

describe('renderLabels', () => {
  it('writes a PDF with one page per record, each with its record text', async () => {
    const output = await renderLabels(template, records, { format: 'pdf', fonts });
    expect(output).toMatchObject({ contentType: 'application/pdf', labelCount: 3 });
    expect(await pdfPages(output.bytes)).toEqual(['Alice Apple', 'Bob Banana', 'Chloé Cherry']);
  });

  it('writes PDF text that reads as itself after other outputs drew accented letters with the same parsed fonts', async () => {
    // A registry of its own: this process has drawn nothing with it yet, whatever ran before. Drawing "ñ" (PNG, SVG
    // and printer dots draw glyph outlines) reaches the glyph "n" only as a part of "ñ", before any text laid it out.
    const fresh = new FontRegistry(readBundledFontSources());
    await renderLabels(template, [{ name: 'Peña' }], { format: 'png', dpi: 200, fonts: fresh });
    const output = await renderLabels(template, records, { format: 'pdf', fonts: fresh });
    expect(await pdfPages(output.bytes)).toEqual(['Alice Apple', 'Bob Banana', 'Chloé Cherry']);
  });

  it('writes ZPL with one ^XA…^XZ per record in order', async () => {
    const output = await renderLabels(template, records, { format: 'zpl', fonts });
    const labels = zplLabels(decode(output.bytes));
    expect(labels).toHaveLength(3);
    records.forEach((record, index) => expect(labels[index]).toContain(`^FD${record.name}^FS`));
  });

  it('prints a record as many times as its quantity field says, in order (numbers or CSV digits; blank is 1)', async () => {
    const withQuantity = [
      { name: 'Alice', qty: '' },
      { name: 'Bob', qty: 2 },
      { name: 'Chloé', qty: ' 3 ' },
    ];
    const output = await renderLabels(template, withQuantity, { format: 'zpl', fonts, quantityField: 'qty' });
    expect(output.labelCount).toBe(6);
    expect(zplLabels(decode(output.bytes)).map((label) => /\^FD(.*)\^FS/.exec(label)?.[1])).toEqual([
      'Alice',
      'Bob',
      'Bob',
      'Chloé',
      'Chloé',
      'Chloé',
    ]);
  });

  it('writes HTML with one page section per label and page breaks between them', async () => {
    const html = decode((await renderLabels(template, records, { format: 'html', fonts })).bytes);
    const pages = html.split('<div class="ls-label"').slice(1);
    expect(pages).toHaveLength(3);
    records.forEach((record, index) => expect(pages[index]).toContain(record.name.split(' ')[0]));
    expect(html).toContain('break-after:page');
  });

  it('writes PNGs as a zip of label-0001.png … at the requested dpi, copies included', async () => {
    const output = await renderLabels(template, [{ name: 'A' }, { name: 'B', qty: 2 }], {
      format: 'png',
      dpi: 200,
      fonts,
      quantityField: 'qty',
    });
    expect(output).toMatchObject({ contentType: 'application/zip', labelCount: 3 });
    const files = unzipSync(output.bytes);
    expect(Object.keys(files)).toEqual(['label-0001.png', 'label-0002.png', 'label-0003.png']);
    for (const bytes of Object.values(files)) {
      const png = PNG.sync.read(Buffer.from(bytes));
      expect([png.width, png.height]).toEqual([Math.round((50 / 25.4) * 200), Math.round((25 / 25.4) * 200)]);
    }
    expect(Buffer.from(files['label-0002.png'] ?? []).equals(Buffer.from(files['label-0003.png'] ?? []))).toBe(true);
    expect(Buffer.from(files['label-0001.png'] ?? []).equals(Buffer.from(files['label-0002.png'] ?? []))).toBe(false);
  });

  it(`renders a ${BATCH_LIMITS.maxRecords}-record ZPL batch with every record in order, reporting progress`, async () => {
    const many = Array.from({ length: BATCH_LIMITS.maxRecords }, (_, index) => ({ name: `Record ${index}` }));
    const progress: number[] = [];
    const output = await renderLabels(template, many, {
      format: 'zpl',
      fonts,
      onProgress: (done, total) => progress.push(done / total),
    });
    const labels = zplLabels(decode(output.bytes));
    expect(labels).toHaveLength(many.length);
    labels.forEach((label, index) => expect(label).toContain(`^FDRecord ${index}^FS`));
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('tags each warning with its record number, 1-based', async () => {
    const output = await renderLabels(
      { ...template, elements: [{ ...template.elements[0], style: { fontFamily: 'No Such Font' } }] },
      records.slice(0, 2),
      { format: 'zpl', fonts },
    );
    expect(output.warnings.map((warning) => [warning.record, warning.code])).toEqual([
      [1, 'FONT_FALLBACK'],
      [2, 'FONT_FALLBACK'],
    ]);
  });

  it('warns of a shown field a record leaves empty, naming the record (1-based) and the dotted field; a hidden element is no warning', async () => {
    const shipping = {
      ...template,
      elements: [
        { ...template.elements[0], contentExpression: "name + ' / ' + shipTo.city" },
        {
          ...template.elements[0],
          id: 'lot',
          position: { mode: 'absolute', x: '2mm', y: '13mm' },
          content: { expression: 'upper(data.lot)' },
          condition: 'lot != "none"',
        },
        template.elements[1],
      ],
    };
    const batch = [
      { name: 'A', shipTo: { city: 'Lyon' }, lot: 'L1' },
      { name: 'B', shipTo: { city: '' }, lot: 'none' },
      { shipTo: {}, lot: null },
    ];
    const output = await renderLabels(shipping, batch, { format: 'zpl', fonts });
    expect(output.warnings.map(({ record, code, message, elementId }) => [record, code, message, elementId])).toEqual([
      [2, 'FIELD_MISSING', 'field "shipTo.city" is not filled', 'name'],
      [3, 'FIELD_MISSING', 'field "name" is not filled', 'name'],
      [3, 'FIELD_MISSING', 'field "shipTo.city" is not filled', 'name'],
      [3, 'FIELD_MISSING', 'field "lot" is not filled', 'lot'],
    ]);
  });
});

describe('renderLabels errors', () => {
  const refuses = (batch: unknown, message: RegExp, quantityField?: string) =>
    expect(renderLabels(template, batch, { format: 'pdf', fonts, quantityField })).rejects.toSatisfy(
      (error) => error instanceof BadRequestError && message.test(error.message),
    );

  it('refuses records that are not a non-empty array', async () => {
    await refuses({ name: 'x' }, /^records: must be an array of objects/);
    await refuses([], /^records: must hold at least one record/);
  });

  it('names the record that is not an object', async () => {
    const error = await renderLabels(template, [{}, {}, {}, 'text'], { format: 'pdf', fonts }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({
      message: 'record 4: must be a JSON object',
      details: { errors: [{ path: 'records[3]', message: 'must be a JSON object' }] },
    });
  });

  it(`refuses more than ${BATCH_LIMITS.maxRecords} records and more than ${BATCH_LIMITS.maxLabels} labels after quantity`, async () => {
    await refuses(
      Array.from({ length: BATCH_LIMITS.maxRecords + 1 }, () => ({})),
      /at most 1000 records/,
    );
    await refuses(
      Array.from({ length: 6 }, () => ({ qty: 1000 })),
      /at most 5000 labels per request after quantity, got 6000/,
      'qty',
    );
  });

  it.each([0, -1, 1.5, 1001, '2x', true, [2]])('refuses the quantity %j naming the record', async (qty) => {
    await refuses(
      [{ name: 'a' }, { name: 'b', qty }],
      /^record 2: qty: quantity must be a whole number from 1 to 1000/,
      'qty',
    );
  });

  it('names the record whose data cannot be drawn', async () => {
    const error = await renderLabels(
      template,
      [
        { name: 'ok', ean: '4006381333931' },
        { name: 'bad', ean: 'not digits' },
      ],
      { format: 'pdf', fonts },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RenderError);
    expect(error).toMatchObject({ message: expect.stringMatching(/^record 2: /), elementId: 'ean' });
  });
});
