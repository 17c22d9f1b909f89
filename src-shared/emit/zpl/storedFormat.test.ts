// Store/recall checked by an independent printer model: zpl-renderer-js prints the stored format and its recalls exactly as the full labels.
import { describe, expect, it } from 'vitest';
import { ready as zplRendererReady } from 'zpl-renderer-js';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { loadSample } from '@main/samples/sampleTemplates';
import { renderLabels } from '../../render/renderBatch';
import { splitZplLabels, storedFormatBatch } from './storedFormat';

const fonts = bundledFonts();
const bytes = (text: string): number => new TextEncoder().encode(text).length;

async function batchLabels(template: unknown, records: Record<string, unknown>[]): Promise<string[]> {
  const output = await renderLabels(template, records, { format: 'zpl', fonts });
  return splitZplLabels(new TextDecoder().decode(output.bytes));
}

/** Every label the stream prints, as PNG (base64), at 203 dpi on a label of the given size in millimetres. */
async function printed(stream: string, widthMm: number, heightMm: number): Promise<string[]> {
  const { api } = await zplRendererReady;
  return api.zplToBase64MultipleAsync(stream, widthMm, heightMm, 8);
}

const sample = loadSample('shipping-4x6');
/** The sample with its texts in the printer's font: fields whose data a recall can carry (graphics of text cannot be recalled with new data). */
const shipping = {
  ...sample,
  template: {
    ...(sample.template as Record<string, unknown>),
    elements: (sample.template as { elements: Record<string, unknown>[] }).elements.map((element) =>
      element.type === 'text'
        ? { ...element, style: { ...(element.style as object), fontFamily: 'Printer 0' } }
        : element,
    ),
  },
};
const recipient = shipping.data.recipient as Record<string, unknown>;
/** Parcels differing in recipient, tracking number (code128, its text, the QR), weight and order; one name with ZPL's own characters. */
const parcels = ['Ada Lovelace', 'Grace ^Hopper~ _x', 'Li', 'Ada Lovelace', 'Katherine Johnson'].map((name, index) => ({
  ...shipping.data,
  recipient: { ...recipient, name },
  tracking: `LS${1000 + index * 7919}GB`,
  weightKg: 1 + index,
  order: `A-${index * 37}`,
}));

describe('storedFormatBatch', () => {
  it('prints every label exactly as the full labels do, with far fewer bytes', async () => {
    const labels = await batchLabels(shipping.template, parcels);
    const stored = storedFormatBatch(labels);
    if (!stored) throw new Error('expected a stored format');
    expect(stored.recalls).toHaveLength(parcels.length);
    expect(stored.format).toMatch(/^\^XA\n\^DFR:LSBATCH\.ZPL\^FS\n\^CI28\n\^PW812\n\^LL1218\n\^LH0,0\n/);
    // The sender's lines are the same on every label: stored once, whole. The recipient's name only differs in data.
    expect(stored.format).toContain('^FH_^FDLabelsmith Supplies Ltd^FS');
    expect(stored.format).toMatch(/\^FT\d+,\d+\^A0N,\d+,\d+\^FB\d+,1,0,L\^FN\d+\^FS/);
    for (const recall of stored.recalls) {
      expect(recall).toMatch(/^\^XA\^XFR:LSBATCH\.ZPL\^FS\^CI28.*\^XZ\n$/);
      expect(recall).not.toContain('Labelsmith Supplies');
    }
    // Field data keeps its ^FH escapes: ^ and ~ in data never reach the printer as commands.
    expect(stored.recalls[1]).toContain('^FH_^FDGrace _5EHopper_7E _5Fx^FS');

    const full = await printed(labels.join(''), 101.6, 152.4);
    const recalled = await printed(stored.format + stored.recalls.join(''), 101.6, 152.4);
    expect(full).toHaveLength(parcels.length);
    expect(recalled).toEqual(full);

    const fullBytes = labels.reduce((sum, label) => sum + bytes(label), 0);
    const storedBytes = bytes(stored.format) + stored.recalls.reduce((sum, recall) => sum + bytes(recall), 0);
    expect(storedBytes).toBeLessThan(fullBytes * 0.5);
  }, 60_000);

  it('sends fields whose commands differ between labels whole with each recall, drawn the same', async () => {
    // Text shrunk to fit its box: the ^A0 size follows each value, so the field's commands differ, not just its data.
    const template = {
      formatVersion: 1,
      meta: { name: 'tag' },
      dimensions: { width: '50mm', height: '25mm' },
      elements: [
        {
          id: 'title',
          type: 'text',
          position: { mode: 'absolute', x: '2mm', y: '2mm' },
          width: '46mm',
          height: '6mm',
          content: { text: 'ASSET' },
          style: { fontFamily: 'Printer 0', fontSize: '12pt', fontWeight: 'bold' },
        },
        {
          id: 'name',
          type: 'text',
          position: { mode: 'absolute', x: '2mm', y: '9mm' },
          width: '20mm',
          height: '6mm',
          contentExpression: 'name',
          style: { fontFamily: 'Printer 0', fontSize: '10pt', overflow: 'shrink' },
        },
        {
          id: 'code',
          type: 'barcode',
          symbology: 'code128',
          position: { mode: 'absolute', x: '2mm', y: '16mm' },
          width: '46mm',
          height: '8mm',
          contentExpression: 'code',
          showText: false,
        },
      ],
    };
    const labels = await batchLabels(template, [
      { name: 'Ann', code: 'A1' },
      { name: 'Wilhelmina Mwangi', code: 'B-123456789' },
      { name: 'Ann', code: 'C3' },
    ]);
    const stored = storedFormatBatch(labels);
    if (!stored) throw new Error('expected a stored format');
    expect(stored.recalls[1]).toMatch(/\^FT\d+,\d+\^A0N,\d+,\d+\^FB[\d,]+L\^FH_\^FDWilhelmina Mwangi\^FS/);
    expect(await printed(stored.format + stored.recalls.join(''), 50, 25)).toEqual(
      await printed(labels.join(''), 50, 25),
    );
  }, 60_000);

  it('falls back (undefined) where a recall could print differently or would not be smaller', async () => {
    const reversed = {
      formatVersion: 1,
      meta: { name: 'reversed' },
      dimensions: { width: '50mm', height: '20mm' },
      elements: [
        {
          id: 'band',
          type: 'rect',
          position: { mode: 'absolute', x: '0mm', y: '0mm' },
          width: '50mm',
          height: '10mm',
          style: { fill: '#000000' },
        },
        {
          id: 'name',
          type: 'text',
          position: { mode: 'absolute', x: '2mm', y: '2mm' },
          width: '46mm',
          height: '6mm',
          contentExpression: 'name',
          style: { fontFamily: 'Printer 0', fontSize: '10pt', color: '#ffffff' },
        },
        {
          id: 'note',
          type: 'text',
          position: { mode: 'absolute', x: '2mm', y: '12mm' },
          width: '46mm',
          height: '6mm',
          contentExpression: 'note',
          condition: 'note',
          style: { fontFamily: 'Printer 0', fontSize: '10pt' },
        },
      ],
    };
    // Light text printed reversed (^FR) over the band, its commands differing per label: reordering would change the print.
    const reversedLabels = await batchLabels(reversed, [{ name: 'Ann' }, { name: 'Wilhelmina Mwangi' }]);
    expect(reversedLabels[0]).toContain('^FR');
    expect(storedFormatBatch(reversedLabels)).toBeUndefined();
    // Labels of different shapes (an element shown on one only).
    expect(
      storedFormatBatch(await batchLabels(reversed, [{ name: 'Ann', note: 'fragile' }, { name: 'Ann' }])),
    ).toBeUndefined();
    // One label has nothing to share.
    expect(storedFormatBatch(reversedLabels.slice(0, 1))).toBeUndefined();
    // Not the writer's labels.
    expect(storedFormatBatch(['^XA^FO1,1^FDa', '^XA^FO1,1^FDb^FS^XZ'])).toBeUndefined();
    expect(storedFormatBatch(['~JA^XA^FO1,1^FDa^FS^XZ', '^XA^FO1,1^FDb^FS^XZ'])).toBeUndefined();
  });

  it('stores a batch whose labels only differ in data, reversed fields included, since their order stays', async () => {
    const labels = await batchLabels(
      {
        formatVersion: 1,
        meta: { name: 'bold reversed' },
        dimensions: { width: '50mm', height: '12mm' },
        elements: [
          {
            id: 'band',
            type: 'rect',
            position: { mode: 'absolute', x: '0mm', y: '0mm' },
            width: '50mm',
            height: '12mm',
            style: { fill: '#000000' },
          },
          {
            id: 'code',
            type: 'text',
            position: { mode: 'absolute', x: '2mm', y: '3mm' },
            width: '46mm',
            height: '6mm',
            contentExpression: 'code',
            style: { fontFamily: 'Printer 0', fontSize: '12pt', fontWeight: 'bold', color: '#ffffff' },
          },
        ],
      },
      Array.from({ length: 20 }, (_, index) => ({ code: `BIN-${String(index).padStart(4, '0')}` })),
    );
    const stored = storedFormatBatch(labels, 'BINS');
    if (!stored) throw new Error('expected a stored format');
    expect(stored.format).toContain('^DFR:BINS.ZPL^FS');
    expect(stored.format).toMatch(/\^FR\^FN1\^FS/);
    expect(stored.recalls[7]).toBe('^XA^XFR:BINS.ZPL^FS^CI28^FN1^FH_^FDBIN-0007^FS^XZ\n');
    expect(await printed(stored.format + stored.recalls.join(''), 50, 12)).toEqual(
      await printed(labels.join(''), 50, 12),
    );
    expect(() => storedFormatBatch(labels, 'bad name')).toThrow(/1 to 8 capital letters or digits/);
  }, 60_000);

  it('splits a batch document into its labels', () => {
    expect(splitZplLabels('^XA\n^FDa^FS\n^XZ\n^XA^FDb^FS^XZ\n\n')).toEqual(['^XA\n^FDa^FS\n^XZ', '^XA^FDb^FS^XZ']);
  });
});
