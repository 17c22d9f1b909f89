import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { renderPdf } from '../../../test/support/engine/rasterTestSupport';
import type { LaidOutLabel, LaidOutRect } from '../../layout/laidOutLabel';
import { toPoints } from '../../units/length';
import { emitPng } from '../png/emitPng';
import { laidOutText } from '../../../test/support/engine/textLabelTestSupport';
import { emitPdf, emitPdfPages } from './emitPdf';
import { KeptSubset } from './pdfFontFiles';
import { readTrueType } from '../../fonts/trueTypeSubset';

const fonts = bundledFonts();
const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'labelsmith-emitpdf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs a poppler tool on the PDF bytes and returns its standard output. */
async function poppler(tool: string, pdf: Uint8Array, args: string[] = []): Promise<string> {
  const file = join(dir, `${tool}-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])]);
  return stdout;
}

type Region = [left: number, top: number, right: number, bottom: number];

/** Axis-aligned bounds of a box turned about its centre, grown by a margin (points). */
function rotatedBounds(box: LaidOutLabel['elements'][number]['box'], rotation: number, margin: number): Region {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const radians = (rotation * Math.PI) / 180;
  const halfWidth = (Math.abs(Math.cos(radians)) * box.width + Math.abs(Math.sin(radians)) * box.height) / 2;
  const halfHeight = (Math.abs(Math.sin(radians)) * box.width + Math.abs(Math.cos(radians)) * box.height) / 2;
  return [cx - halfWidth - margin, cy - halfHeight - margin, cx + halfWidth + margin, cy + halfHeight + margin];
}

/** Darkness-weighted centre and total darkness (in full-black pixels) of an RGBA region. */
function inkCentre(
  rgba: Uint8Array,
  width: number,
  [left, top, right, bottom]: Region,
): { x: number; y: number; mass: number } {
  let mass = 0;
  let sumX = 0;
  let sumY = 0;
  for (let y = Math.floor(top); y < Math.ceil(bottom); y++) {
    for (let x = Math.floor(left); x < Math.ceil(right); x++) {
      const darkness = 255 - (rgba[(y * width + x) * 4] ?? 255);
      mass += darkness;
      sumX += darkness * x;
      sumY += darkness * y;
    }
  }
  return { x: sumX / mass, y: sumY / mass, mass: mass / 255 };
}

const shipping: LaidOutLabel = {
  width: 4 * 72,
  height: 6 * 72,
  warnings: [],
  elements: [
    laidOutText(fonts, {
      id: 'from',
      lines: ['FROM: ACME Widgets & Co. <Ltd>', '12 "Industrial" Way'],
      x: 14,
      y: 14,
      fontSize: 9,
    }),
    laidOutText(fonts, {
      id: 'to',
      lines: ['SHIP TO:', 'YOUNG A. WALTER', 'A Tale Y AVA Wave'],
      x: 14,
      y: 60,
      fontKey: 'sans-bold',
      fontSize: 18,
    }),
    laidOutText(fonts, {
      id: 'serif',
      lines: ['Portland, OR 97201'],
      x: 14,
      y: 150,
      fontKey: 'serif-italic',
      fontSize: 16,
    }),
    laidOutText(fonts, { id: 'mono', lines: ['Ref 88-1234'], x: 14, y: 190, fontKey: 'mono-regular', fontSize: 12 }),
    laidOutText(fonts, { id: 'turned', lines: ['ROTATED 30'], x: 60, y: 260, fontSize: 20, rotation: 30 }),
    laidOutText(fonts, {
      id: 'side',
      lines: ['SIDEWAYS'],
      x: 170,
      y: 360,
      fontKey: 'serif-bold',
      fontSize: 18,
      rotation: 90,
    }),
  ],
};

describe('emitPdf', () => {
  it('has one page of exactly the label size, with the text of every line extractable', async () => {
    const pdf = await emitPdf(shipping, fonts);
    expect(await poppler('pdfinfo', pdf)).toMatch(/Pages:\s+1\n[\s\S]*Page size:\s+288 x 432 pts/);
    const text = await poppler('pdftotext', pdf, ['-raw']);
    for (const element of shipping.elements) {
      if (element.type !== 'text') continue;
      // pdftotext reads a slanted line word by word; the others come out whole.
      for (const line of element.lines) {
        if (element.rotation % 90 === 0) expect(text).toContain(line.text);
        else for (const word of line.text.split(' ')) expect(text).toContain(word);
      }
    }
  });

  it('embeds each used face once, as a subset with a Unicode map', async () => {
    const fontsTable = await poppler('pdffonts', await emitPdf(shipping, fonts));
    const rows = fontsTable
      .split('\n')
      .slice(2)
      .filter((row) => row.trim() !== '');
    expect(rows.map((row) => row.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(
      [
        'LiberationMono',
        'LiberationSans',
        'LiberationSans-Bold',
        'LiberationSerif-Bold',
        'LiberationSerif-Italic',
      ].sort(),
    );
    for (const row of rows) expect(row).toMatch(/CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('sets the page size of odd metric labels to the point', async () => {
    const label: LaidOutLabel = { width: toPoints('50mm'), height: toPoints('30mm'), warnings: [], elements: [] };
    const info = await poppler('pdfinfo', await emitPdf(label, fonts));
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
    expect(Number(size?.[1])).toBeCloseTo(label.width, 3);
    expect(Number(size?.[2])).toBeCloseTo(label.height, 3);
  });

  it('places every word where fontkit shaped the whole line, kerning across spaces included', async () => {
    const line = 'A Tale Y AVA Wave';
    const element = laidOutText(fonts, { id: 'k', lines: [line], x: 20, y: 20, fontSize: 30 });
    const pdf = await emitPdf({ width: 400, height: 80, warnings: [], elements: [element] }, fonts);
    const words = [
      ...(await poppler('pdftotext', pdf, ['-bbox'])).matchAll(
        /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
      ),
    ];
    expect(words.map((word) => word[3])).toEqual(line.split(' '));
    const glyphs = fonts.layoutGlyphs('sans-regular', line);
    const scale = 30 / fonts.face('sans-regular').unitsPerEm;
    let pen = 0;
    const wordStarts: number[] = [];
    [...line].forEach((char, index) => {
      if (char !== ' ' && (index === 0 || line[index - 1] === ' ')) wordStarts.push(20 + pen * scale);
      pen += glyphs.positions[index]?.xAdvance ?? 0;
    });
    words.forEach((word, index) => expect(Math.abs(Number(word[1]) - (wordStarts[index] ?? NaN))).toBeLessThan(0.01));
    expect(Math.abs(Number(words.at(-1)?.[2]) - (20 + element.lines[0]!.width))).toBeLessThan(0.01);
  });

  it('draws the same picture as the PNG writer: under 1% of pixels differ by more than 64 levels at 300 dpi', async () => {
    const dpi = 300;
    const fromPdf = await renderPdf(Buffer.from(await emitPdf(shipping, fonts)), dpi);
    const fromPng = PNG.sync.read(Buffer.from(await emitPng(shipping, fonts, { dpi })));
    expect([fromPdf.width, fromPdf.height]).toEqual([fromPng.width, fromPng.height]);
    let differing = 0;
    let inked = 0;
    for (let i = 0; i < fromPng.data.length; i += 4) {
      if (Math.abs((fromPdf.rgba[i] ?? 0) - (fromPng.data[i] ?? 0)) > 64) differing++;
      if ((fromPng.data[i] ?? 255) < 128) inked++;
    }
    const pixels = fromPng.width * fromPng.height;
    // There is ink to compare (two blank pages would agree trivially).
    expect(inked / pixels).toBeGreaterThan(0.02);
    expect(differing / pixels).toBeLessThan(0.01);
    // Per element, where the two rasterisers' anti-aliasing cannot hide a shift: the ink's centre of mass agrees to
    // 1.5 px (0.36 pt; a 1 pt misplacement moves it 4 px) and its amount to 5%.
    const px = (points: number) => (points / 72) * dpi;
    for (const element of shipping.elements) {
      const region = rotatedBounds(element.box, element.rotation, 6);
      const a = inkCentre(fromPdf.rgba, fromPdf.width, region.map(px) as Region);
      const b = inkCentre(fromPng.data, fromPng.width, region.map(px) as Region);
      expect(Math.abs(a.x - b.x), element.id).toBeLessThan(1.5);
      expect(Math.abs(a.y - b.y), element.id).toBeLessThan(1.5);
      expect(Math.abs(a.mass - b.mass) / b.mass, element.id).toBeLessThan(0.05);
    }
  });

  it('agrees with the PNG writer on a mixed label: rects (one turned) under and over text', async () => {
    const dpi = 300;
    const rect = (
      id: string,
      x: number,
      y: number,
      width: number,
      height: number,
      style: Partial<LaidOutRect>,
    ): LaidOutRect => ({
      type: 'rect',
      id,
      box: { x, y, width, height },
      rotation: 0,
      strokeWidth: 0,
      cornerRadius: 0,
      shape: {
        x: x + (style.strokeWidth ?? 0) / 2,
        y: y + (style.strokeWidth ?? 0) / 2,
        width: width - (style.strokeWidth ?? 0),
        height: height - (style.strokeWidth ?? 0),
      },
      ...style,
    });
    const label: LaidOutLabel = {
      width: 4 * 72,
      height: 3 * 72,
      warnings: [],
      elements: [
        rect('band', 0, 0, 288, 40, { fill: '#000000' }),
        laidOutText(fonts, {
          id: 'inverse',
          lines: ['WHITE ON BLACK'],
          x: 12,
          y: 10,
          fontKey: 'sans-bold',
          fontSize: 18,
          color: '#ffffff',
        }),
        rect('frame', 10, 60, 268, 70, { stroke: '#000000', strokeWidth: 2, cornerRadius: 6 }),
        laidOutText(fonts, { id: 'inside', lines: ['Inside the frame', 'second line'], x: 20, y: 70, fontSize: 14 }),
        { ...rect('turned', 150, 150, 80, 40, { fill: '#000000' }), rotation: 20 },
        laidOutText(fonts, { id: 'turned-text', lines: ['turned'], x: 30, y: 160, fontSize: 16, rotation: -20 }),
      ],
    };
    const fromPdf = await renderPdf(Buffer.from(await emitPdf(label, fonts)), dpi);
    const fromPng = PNG.sync.read(Buffer.from(await emitPng(label, fonts, { dpi })));
    let differing = 0;
    for (let i = 0; i < fromPng.data.length; i += 4)
      if (Math.abs((fromPdf.rgba[i] ?? 0) - (fromPng.data[i] ?? 0)) > 64) differing++;
    expect(differing / (fromPng.width * fromPng.height)).toBeLessThan(0.01);
    const px = (points: number) => (points / 72) * dpi;
    for (const element of label.elements.filter((candidate) => candidate.type === 'text')) {
      const region = rotatedBounds(element.box, element.rotation, 4).map(px) as Region;
      const a = inkCentre(fromPdf.rgba, fromPdf.width, region);
      const b = inkCentre(fromPng.data, fromPng.width, region);
      expect(Math.abs(a.x - b.x), element.id).toBeLessThan(1.5);
      expect(Math.abs(a.y - b.y), element.id).toBeLessThan(1.5);
    }
  });

  it('writes many labels as one page each, in order', async () => {
    const page = (text: string, width: number): LaidOutLabel => ({
      width,
      height: 72,
      warnings: [],
      elements: [laidOutText(fonts, { id: text, lines: [text], x: 5, y: 5 })],
    });
    const pdf = await emitPdfPages(
      [page('first label', 144), page('second label', 216), page('third label', 144)],
      fonts,
    );
    const info = await poppler('pdfinfo', pdf, ['-f', '1', '-l', '3']);
    expect(info).toMatch(/Pages:\s+3/);
    expect(info).toMatch(/Page\s+1 size:\s+144 x 72 pts/);
    expect(info).toMatch(/Page\s+2 size:\s+216 x 72 pts/);
    expect((await poppler('pdftotext', pdf, ['-f', '2', '-l', '2'])).trim()).toBe('second label');
    expect((await poppler('pdftotext', pdf, ['-f', '3', '-l', '3'])).trim()).toBe('third label');
  });

  it('gives the same bytes for the same label', async () => {
    const first = await emitPdf(shipping, fonts);
    const second = await emitPdf(shipping, fonts);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    // Streams are compressed: the text is not readable in the raw bytes.
    expect(Buffer.from(first).includes('YOUNG')).toBe(false);
    expect(Buffer.from(first).includes('/FlateDecode')).toBe(true);
  });

  it('declares every stream FlateDecode with its true length, and each one inflates', async () => {
    const pdf = Buffer.from(await emitPdf(shipping, fonts));
    const text = pdf.toString('latin1');
    const streams = [...text.matchAll(/<<([^]*?)>>\s*stream\n/g)];
    expect(streams.length).toBeGreaterThanOrEqual(3);
    for (const stream of streams) {
      const length = Number(/\/Length (\d+)/.exec(stream[1] ?? '')?.[1]);
      expect(stream[1]).toContain('/Filter /FlateDecode');
      const start = (stream.index ?? 0) + stream[0].length;
      expect(text.slice(start + length, start + length + 10)).toMatch(/^\s*endstream/);
      expect(inflateSync(pdf.subarray(start, start + length)).length).toBeGreaterThan(0);
    }
  });

  it('rejects an empty batch', async () => {
    await expect(emitPdfPages([], fonts)).rejects.toThrow(RangeError);
  });
});

describe('font files kept between documents', () => {
  const label = (text: string): LaidOutLabel => ({
    width: 216,
    height: 72,
    warnings: [],
    elements: [laidOutText(fonts, { id: 'line', lines: [text], x: 5, y: 5, fontKey: 'serif-bold' })],
  });
  /** A scope no other test used: its first document makes every font file. */
  const freshScope = () => `test-${Math.random().toString(36).slice(2)}`;

  it('writes the same bytes when a document finds its font files kept by an earlier one', async () => {
    const scope = freshScope();
    const first = await emitPdf(shipping, fonts, { cacheScope: scope });
    const kept = await emitPdf(shipping, fonts, { cacheScope: scope });
    expect(Buffer.from(kept).equals(Buffer.from(first))).toBe(true);
    expect(await poppler('pdftotext', kept, ['-raw'])).toContain('YOUNG');
  });

  it("gives each document its own glyphs' file: another text after a kept one reads as itself", async () => {
    const scope = freshScope();
    await emitPdf(label('Harbour Road 12'), fonts, { cacheScope: scope });
    const other = await emitPdf(label('Quayside Avenue 97'), fonts, { cacheScope: scope });
    expect((await poppler('pdftotext', other)).trim()).toBe('Quayside Avenue 97');
    const made = await emitPdf(label('Quayside Avenue 97'), fonts, { cacheScope: freshScope() });
    expect(Buffer.from(other).equals(Buffer.from(made))).toBe(true);
  });

  /** The bytes of a one-face PDF's embedded font file, as written (deflated). */
  const fontFileOf = (pdf: Uint8Array): Buffer => {
    const text = Buffer.from(pdf).toString('latin1');
    const id = /\/FontFile2 (\d+) 0 R/.exec(text)?.[1];
    const object = new RegExp(`\\n${id} 0 obj\\n<<[^]*?/Length (\\d+)[^]*?>>\\nstream\\n`).exec(text);
    const start = (object?.index ?? NaN) + (object?.[0].length ?? 0);
    return Buffer.from(pdf).subarray(start, start + Number(object?.[1]));
  };

  it('shares one font file between labels whose characters are all printable ASCII, whatever their order', async () => {
    const scope = freshScope();
    const first = await emitPdf(label('Harbour Road 12'), fonts, { cacheScope: scope });
    const second = await emitPdf(label('Quayside Avenue 97'), fonts, { cacheScope: scope });
    expect(fontFileOf(first).length).toBeGreaterThan(1000);
    expect(fontFileOf(second).equals(fontFileOf(first))).toBe(true);
    expect((await poppler('pdftotext', second)).trim()).toBe('Quayside Avenue 97');
    // A character outside the base comes after it: a file of its own, and the text still reads as itself.
    const outside = await emitPdf(label('Große Straße 7'), fonts, { cacheScope: scope });
    expect(fontFileOf(outside).equals(fontFileOf(first))).toBe(false);
    expect((await poppler('pdftotext', outside)).trim()).toBe('Große Straße 7');
  });

  it('maps every printable ASCII character to itself for text extraction, used or not by the label before', async () => {
    const ascii = String.fromCharCode(...Array.from({ length: 0x7e - 0x21 + 1 }, (_, index) => 0x21 + index));
    const element = laidOutText(fonts, { id: 'all', lines: [ascii], x: 5, y: 5, fontKey: 'serif-bold', fontSize: 8 });
    const pdf = await emitPdf({ width: 600, height: 40, warnings: [], elements: [element] }, fonts);
    expect((await poppler('pdftotext', pdf)).trim()).toBe(ascii);
  });

  it('keeps one file per scope, face and glyph list, in the order pdfkit numbered the glyphs', () => {
    const source = readTrueType(fonts.face('serif-bold').data)!;
    const subset = (scope: string, glyphs: number[]) => {
      const made = new KeptSubset(source, scope);
      for (const glyph of glyphs) made.includeGlyph(glyph);
      return made.encode();
    };
    const scope = freshScope();
    const file = subset(scope, [40, 41, 42]);
    expect(subset(scope, [40, 41, 42])).toBe(file);
    // Another team makes its own file, the same bytes; other glyphs or another order make another file.
    const otherTeam = subset(freshScope(), [40, 41, 42]);
    expect(otherTeam).not.toBe(file);
    expect(Buffer.from(otherTeam).equals(Buffer.from(file))).toBe(true);
    expect(Buffer.from(subset(scope, [41, 40, 42])).equals(Buffer.from(file))).toBe(false);
    expect(subset(scope, [40, 41])).not.toBe(file);
  });
});
