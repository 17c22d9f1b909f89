// The carriers', GS1 and health care symbologies: each rendered to PNG, PDF (through pdftoppm) and ZPL (read back by the
// reader) for a 203 dpi printer and scanned by ZXing; those no decoder reads are compared with bwip-js's own encoding.
import bwipjs from 'bwip-js/generic';
import { describe, expect, it } from 'vitest';
import type { LaidOutOf } from '../../layout/laidOutLabel';
import { pointsToDots } from '../../units/length';
import { isDark, type Raster } from '../../../test/support/engine/rasterTestSupport';
import {
  barcode,
  barEdges,
  crop,
  darkRuns,
  expectEdgesWithinOneDot,
  outputs,
  template,
  type Fields,
  type Outputs,
} from '../../../test/support/engine/barcodeOutputsTestSupport';
import type { Symbology } from './barcodeSchema';
import { decode, zxingFormat } from '../../../test/support/engine/barcodeTestSupport';

const DPI = 203;
const RS = '\u001e';
const GS = '\u001d';
const EOT = '\u0004';

/** A UPS-style structured carrier message: header, 9-digit ZIP, country 840, class 001, tracking number and the rest. */
const UPS_MESSAGE = `[)>${RS}01${GS}96152382802${GS}840${GS}001${GS}1Z12345675${GS}UPSN${GS}12345E${GS}089${GS}${GS}1/1${GS}${GS}Y${GS}${GS}${GS}UT${RS}${EOT}`;

interface Case {
  symbology: Symbology;
  value: string;
  /** What ZXing reads; undefined where no decoder reads the symbology (compared with bwip-js instead). */
  scansAs?: string;
  /** The ZPL command the writer uses, or ^GFA for a graphic of the layout. */
  zpl: string;
  /** Box in inches. */
  size: [number, number];
  fields?: Fields;
}

const CASES: Case[] = [
  { symbology: 'maxicode', value: UPS_MESSAGE, scansAs: UPS_MESSAGE, zpl: '^BD2,1,1', size: [1.4, 1.4] },
  {
    symbology: 'databaromni',
    value: '(01)24012345678905',
    scansAs: '(01)24012345678905',
    zpl: '^BRN,1,',
    size: [1.6, 0.7],
  },
  {
    symbology: 'databarexpanded',
    value: '(01)98898765432106(3202)012345(15)991231',
    scansAs: '(01)98898765432106(3202)012345(15)991231',
    zpl: '^BRN,6,',
    size: [3.2, 0.6],
  },
  {
    symbology: 'databarlimited',
    value: '(01)15012345678907',
    scansAs: '(01)15012345678907',
    zpl: '^BRN,5,',
    size: [1.6, 0.5],
  },
  {
    symbology: 'databarstacked',
    value: '(01)24012345678905',
    scansAs: '(01)24012345678905',
    zpl: '^BRN,3,',
    size: [1, 0.5],
  },
  { symbology: 'rationalizedCodabar', value: 'A40156B', scansAs: 'A40156B', zpl: '^BKN,N,', size: [2, 0.6] },
  { symbology: 'onecode', value: '0123456709498765432101234567891', zpl: '^BZN,', size: [3.5, 0.4] },
  { symbology: 'postnet', value: '555551237', zpl: '^BZN,', size: [2.5, 0.3] },
  { symbology: 'planet', value: '01234567890', zpl: '^BZN,', size: [3, 0.3] },
  { symbology: 'microqrcode', value: '01234567', scansAs: '01234567', zpl: '^GFA', size: [0.6, 0.6] },
  { symbology: 'micropdf417', value: 'hello micro', scansAs: 'hello micro', zpl: '^BF', size: [1.5, 0.8] },
  { symbology: 'hibccode128', value: 'A123BJC5D6E71', scansAs: '+A123BJC5D6E71G', zpl: '^GFA', size: [3, 0.6] },
  { symbology: 'hibcdatamatrix', value: 'A123BJC5D6E71', scansAs: '+A123BJC5D6E71G', zpl: '^GFA', size: [0.8, 0.8] },
  { symbology: 'pharmacode', value: '117480', zpl: '^GFA', size: [1.5, 0.4] },
  { symbology: 'msi', value: '0123456', zpl: '^GFA', size: [2.5, 0.5] },
  { symbology: 'code11', value: '0123452', zpl: '^GFA', size: [2.5, 0.5] },
  { symbology: 'royalmail', value: 'LE28HS9Z', zpl: '^GFA', size: [2, 0.3] },
  { symbology: 'auspost', value: '5956439111ABA 9', zpl: '^GFA', size: [3, 0.3] },
  { symbology: 'kix', value: '1231FZ13XHS', zpl: '^GFA', size: [2.5, 0.3] },
  { symbology: 'japanpost', value: '6540123789-A-K-Z', zpl: '^GFA', size: [3, 0.3] },
  { symbology: 'isbn', value: '978-1-56581-231-4', scansAs: '9781565812314', zpl: '^GFA', size: [2, 0.8] },
  // An EAN-13 with an add-on: the printer's ^BE has no place for it, so the ZPL is a graphic (it printed without it).
  { symbology: 'ean13', value: '9771473968012 05', scansAs: '977147396801205', zpl: '^GFA', size: [2.6, 0.8] },
  { symbology: 'isbn', value: '978-1-56581-231-4 52250', scansAs: '978156581231452250', zpl: '^GFA', size: [3, 0.8] },
  { symbology: 'issn', value: '0311-175X', scansAs: '9770311175001', zpl: '^GFA', size: [2, 0.8] },
  // bwip-js's ISSN with a sequence variant (digits 11-12 of the EAN-13), and with a 2-digit add-on besides (ZXing appends its digits).
  { symbology: 'issn', value: '0311-175X 03', scansAs: '9770311175032', zpl: '^GFA', size: [2, 0.8] },
  { symbology: 'issn', value: '0311175 03 17', scansAs: '977031117503217', zpl: '^GFA', size: [2.6, 0.8] },
  { symbology: 'ean14', value: '(01)04601234567893', scansAs: '(01)04601234567893', zpl: '^GFA', size: [3, 0.7] },
  {
    symbology: 'sscc18',
    value: '(00)006141411234567890',
    scansAs: '(00)006141411234567890',
    zpl: '^GFA',
    size: [3.5, 0.7],
  },
  {
    symbology: 'gs1qrcode',
    value: '(01)03453120000011(17)191125(10)ABCD1234',
    scansAs: '(01)03453120000011(17)191125(10)ABCD1234',
    zpl: '^GFA',
    size: [1, 1],
  },
  { symbology: 'dotcode', value: 'This is DotCode', zpl: '^GFA', size: [1, 0.8] },
  // ZXing shows Code 32 with its "A" and PZN with its "-", as printed under the bars.
  { symbology: 'code32', value: '01234567', scansAs: 'A012345676', zpl: '^GFA', size: [2.5, 0.6] },
  { symbology: 'pzn', value: '1234567', scansAs: '-12345678', zpl: '^GFA', size: [3, 0.6] },
  {
    symbology: 'swissqrcode',
    value: [
      'SPC',
      '0200',
      '1',
      'CH5800791123000889012',
      'S',
      'Robert Schneider AG',
      'Rue du Lac',
      '1268',
      '2501',
      'Biel',
      'CH',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '199.95',
      'CHF',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      'NON',
      '',
      '',
      'EPD',
    ].join('\n'),
    zpl: '^GFA',
    size: [1.6, 1.6],
  },
];
// The Swiss QR code reads as its payload.
const swiss = CASES.find((entry) => entry.symbology === 'swissqrcode');
if (swiss) swiss.scansAs = swiss.value;

function labelOf(entry: Case): Fields {
  const [width, height] = entry.size;
  return template(width + 0.4, height + 0.4, [
    barcode(
      'code',
      entry.symbology,
      entry.value,
      { x: 0.2, y: 0.2, width, height },
      { showText: false, ...entry.fields },
    ),
  ]);
}

function elementOf(drawn: Outputs): LaidOutOf<'barcode'> {
  const element = drawn.laidOut.elements.find((candidate) => candidate.id === 'code');
  if (element?.type !== 'barcode') throw new Error('no barcode laid out');
  return element;
}

/** ZXing's texts, control characters back from their Unicode pictures. */
async function scanned(raster: Raster, element: LaidOutOf<'barcode'>, symbology: Symbology): Promise<string[]> {
  const format = zxingFormat(symbology);
  if (!format) throw new Error(`no decoder for ${symbology}`);
  const results = await decode(crop(raster, element, DPI), [format]);
  return results
    .filter((result) => result.isValid)
    .map((result) =>
      result.text.replace(/[\u2400-\u241f]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x2400)),
    );
}

interface RawBars {
  sbs: number[];
  bhs?: number[];
  bbs?: number[];
}

function bwipRaw(options: Record<string, unknown>): RawBars & { pixs?: number[]; pixx?: number } {
  const [symbol] = bwipjs.raw(options as unknown as bwipjs.RawOptions) as unknown as (RawBars & {
    pixs?: number[];
    pixx?: number;
  })[];
  if (!symbol) throw new Error('bwip-js drew nothing');
  return symbol;
}

/** bwip-js's bars and spaces for `options`, in its modules, the trailing space dropped. */
function bwipWidths(options: Record<string, unknown>): number[] {
  const widths = bwipRaw(options).sbs;
  return widths.length % 2 === 0 ? widths.slice(0, -1) : widths;
}

/** Dark and light run lengths across a row, from the first dark pixel to the last. */
function runLengths(runs: [number, number][]): number[] {
  return runs.flatMap(([start, end], index) =>
    index === 0 ? [end - start] : [start - (runs[index - 1]?.[1] ?? start), end - start],
  );
}

/** A linear symbol's bars along the middle of its bars, as run lengths in modules of the layout's module. */
function barsInModules(raster: Raster, element: LaidOutOf<'barcode'>): number[] {
  const { symbol } = element;
  if (symbol.kind !== 'linear') throw new Error('expected bars');
  const row = Math.round(pointsToDots(symbol.y + symbol.height / 2, DPI));
  const runs = darkRuns(
    raster,
    row,
    Math.floor(pointsToDots(element.box.x, DPI)) - 3,
    Math.ceil(pointsToDots(element.box.x + element.box.width, DPI)) + 3,
  );
  return runLengths(runs).map((dots) => dots / symbol.moduleDots);
}

/** Each postal bar's vertical extent as shares of the tallest bar: [top, bottom], scanned column by column. */
function postalBars(raster: Raster, element: LaidOutOf<'barcode'>): [number, number][] {
  const dots = (points: number) => Math.round(pointsToDots(points, DPI));
  const [left, right, top, bottom] = [
    dots(element.box.x) - 2,
    dots(element.box.x + element.box.width) + 2,
    dots(element.box.y) - 2,
    dots(element.box.y + element.box.height) + 2,
  ];
  const columns: ([number, number] | undefined)[] = [];
  for (let x = left; x < right; x++) {
    let first = -1;
    let last = -1;
    for (let y = top; y < bottom; y++) {
      if (!isDark(raster, x, y)) continue;
      if (first < 0) first = y;
      last = y + 1;
    }
    columns.push(first < 0 ? undefined : [first, last]);
  }
  // One bar per run of dark columns, its extent taken at its middle column.
  const bars: [number, number][] = [];
  columns.forEach((extent, index) => {
    if (extent && !columns[index - 1]) {
      let end = index;
      while (columns[end + 1]) end++;
      const middle = columns[Math.floor((index + end) / 2)];
      if (middle) bars.push(middle);
    }
  });
  const upper = Math.min(...bars.map(([first]) => first));
  const lower = Math.max(...bars.map(([, last]) => last));
  return bars.map(([first, last]) => [(first - upper) / (lower - upper), (last - upper) / (lower - upper)]);
}

/** bwip-js's postal bars as [top, bottom] shares of the tallest. */
function bwipPostalBars(symbology: Symbology, value: string): [number, number][] {
  const { bhs = [], bbs = [] } = bwipRaw({ bcid: symbology, text: value });
  const tops = bhs.map((height, index) => height + (bbs[index] ?? 0));
  const full = Math.max(...tops);
  const floor = Math.min(...bbs.map((bottom) => bottom));
  return bhs.map((height, index) => [
    (full - (tops[index] ?? 0)) / (full - floor),
    (full - (bbs[index] ?? 0)) / (full - floor),
  ]);
}

/** DotCode's grid read back by sampling each module's centre where the layout put the grid. */
function sampledGrid(raster: Raster, element: LaidOutOf<'barcode'>): string {
  const { symbol } = element;
  if (symbol.kind !== 'matrix') throw new Error('expected a module grid');
  let cells = '';
  for (let row = 0; row < symbol.rows; row++) {
    for (let column = 0; column < symbol.columns; column++) {
      const x = Math.floor(pointsToDots(symbol.x + (column + 0.5) * symbol.moduleWidth, DPI));
      const y = Math.floor(pointsToDots(symbol.y + (row + 0.5) * symbol.moduleHeight, DPI));
      cells += isDark(raster, x, y) ? '1' : '0';
    }
  }
  return cells;
}

const POSTAL = new Set<Symbology>(['onecode', 'postnet', 'planet', 'royalmail', 'auspost', 'kix', 'japanpost']);
/** bwip-js options for the symbologies compared with it (the element's defaults: MSI mod 10, Code 11 with its check digit). */
const BWIP_OPTIONS: Partial<Record<Symbology, Record<string, unknown>>> = {
  msi: { includecheck: true, checktype: 'mod10' },
  code11: { includecheck: true },
};

describe.each(CASES)('$symbology', (entry) => {
  it(`prints with ${entry.zpl} and reads the same in PNG, PDF and ZPL`, async () => {
    const drawn = await outputs(labelOf(entry), DPI);
    expect(drawn.laidOut.warnings.filter((warning) => warning.code.startsWith('BARCODE_TOO'))).toEqual([]);
    expect(drawn.zpl).toContain(entry.zpl);
    if (entry.zpl !== '^GFA') {
      expect(drawn.zpl).not.toContain('^GFA');
      // ^BF's size numbers are the reader's and the writer's one table (microPdf417Sizes); the reader says so of every ^BF.
      expect(drawn.zplWarnings.filter((warning) => !warning.includes('ISO/IEC 24728'))).toEqual([]);
    }
    const element = elementOf(drawn);
    const rasters = { png: drawn.png, pdf: drawn.pdf, zpl: drawn.zplRead };
    for (const [format, raster] of Object.entries(rasters)) {
      const what = `${entry.symbology} ${format}`;
      if (entry.scansAs !== undefined) {
        expect(await scanned(raster, element, entry.symbology), what).toEqual([entry.scansAs]);
      } else if (POSTAL.has(entry.symbology)) {
        const expected = bwipPostalBars(entry.symbology, entry.value);
        const actual = postalBars(raster, element);
        expect(actual.length, `${what}: bars`).toBe(expected.length);
        // Tops and bottoms on whole dots of a bar a few dozen dots tall: within a tenth of the full height.
        const worst = Math.max(
          ...actual.flatMap(([top, bottom], index) => [
            Math.abs(top - (expected[index]?.[0] ?? 9)),
            Math.abs(bottom - (expected[index]?.[1] ?? 9)),
          ]),
        );
        expect(worst, `${what}: largest bar end difference`).toBeLessThan(0.1);
      } else if (entry.symbology === 'dotcode') {
        const { pixs = [] } = bwipRaw({ bcid: 'dotcode', text: entry.value });
        expect(sampledGrid(raster, element), what).toBe(pixs.join(''));
      } else {
        expect(barsInModules(raster, element), what).toEqual(
          bwipWidths({ bcid: entry.symbology, text: entry.value, ...BWIP_OPTIONS[entry.symbology] }),
        );
      }
    }
  });
});

/** The new symbologies drawn as bars of one height, which the printer-truth rule of README "Barcode sizing" covers bar for bar. */
// The first case of each symbology: the elements below are named after theirs.
const LINEAR_CASES = CASES.filter(
  (entry, index) =>
    CASES.findIndex((other) => other.symbology === entry.symbology) === index &&
    !POSTAL.has(entry.symbology) &&
    ![
      'maxicode',
      'databarstacked',
      'microqrcode',
      'micropdf417',
      'hibcdatamatrix',
      'gs1qrcode',
      'dotcode',
      'swissqrcode',
    ].includes(entry.symbology),
);

describe.each([203, 300, 600] as const)('the linear ones at %i dpi', (dpi) => {
  it('have the same bar edges, to the dot, in the PNG, the PDF and the ZPL read back', async () => {
    const label = template(
      4,
      0.3 + LINEAR_CASES.length * 0.75,
      LINEAR_CASES.map((entry, index) =>
        barcode(
          entry.symbology,
          entry.symbology,
          entry.value,
          { x: 0.2, y: 0.2 + index * 0.75, width: 3.5, height: 0.6 },
          { showText: false },
        ),
      ),
    );
    const drawn = await outputs(label, dpi);
    for (const entry of LINEAR_CASES) {
      const edges = barEdges(drawn, entry.symbology, dpi);
      expectEdgesWithinOneDot(edges.png, edges.expected, `${entry.symbology} png`);
      expectEdgesWithinOneDot(edges.pdf, edges.expected, `${entry.symbology} pdf`);
      expectEdgesWithinOneDot(edges.zpl, edges.expected, `${entry.symbology} zpl`);
    }
  });
});
