// The label stock catalogue a new template can start from: common rolls and sheets at their vendors' published sizes.
import type { SheetGrid } from '../sheets/sheetLayout';

export type StockKind = 'roll' | 'sheet';
export type StockUnits = 'in' | 'mm';

/**
 * One stock. Rolls are width across the printhead by length along the roll, the order vendors write their sizes in
 * and the page printers take (a ZPL label's ^PW is its width): a label read sideways is designed with rotated
 * elements. Sheet labels are width by height as they sit on the page.
 */
export interface LabelStock {
  id: string;
  vendor: 'Zebra' | 'Dymo' | 'Brother' | 'Avery' | 'Herma';
  /** The vendor's product code, or for generic Zebra rolls the size they are sold by. */
  code: string;
  name: string;
  kind: StockKind;
  width: number;
  height: number;
  units: StockUnits;
  /** Rounded corners of the die-cut; half the width for a round label. */
  cornerRadius?: number;
  /** Continuous tape: `height` is a suggested length, the printer cuts where the label ends. */
  continuous?: true;
  /** Where the labels sit on the page, in the stock's units. */
  sheet?: SheetGrid;
}

const LETTER = { pageWidth: 8.5, pageHeight: 11 };
const A4 = { pageWidth: 210, pageHeight: 297 };

/** "2.25" -> "2-25", so ids stay slugs. */
const idPart = (value: number): string => String(value).replace('.', '-');

function zebra(width: number, height: number): LabelStock {
  return {
    id: `zebra-${idPart(width)}x${idPart(height)}`,
    vendor: 'Zebra',
    code: `${width} x ${height} in`,
    name: `Direct thermal roll ${width} × ${height} in`,
    kind: 'roll',
    width,
    height,
    units: 'in',
  };
}

function roll(
  vendor: 'Dymo' | 'Brother',
  code: string,
  name: string,
  width: number,
  height: number,
  units: StockUnits,
  extra: Partial<LabelStock> = {},
): LabelStock {
  return {
    id: `${vendor.toLowerCase()}-${code.toLowerCase()}`,
    vendor,
    code,
    name,
    kind: 'roll',
    width,
    height,
    units,
    ...extra,
  };
}

/** A Brother DK round label: cornerRadius half its diameter. */
function brotherRound(code: string, name: string, diameter: number): LabelStock {
  return roll('Brother', code, name, diameter, diameter, 'mm', { cornerRadius: diameter / 2 });
}

/** A Brother continuous DK tape with the length offered first; the editor lets people change it. */
function brotherTape(code: string, name: string, width: number, length: number): LabelStock {
  return roll('Brother', code, name, width, length, 'mm', { continuous: true });
}

interface SheetSpec {
  code: string;
  name: string;
  width: number;
  height: number;
  columns: number;
  rows: number;
  marginTop: number;
  marginLeft: number;
  gapX?: number;
  gapY?: number;
  cornerRadius?: number;
}

function sheet(
  vendor: 'Avery' | 'Herma',
  page: typeof LETTER | typeof A4,
  units: StockUnits,
  spec: SheetSpec,
): LabelStock {
  const { code, name, width, height, columns, rows, marginTop, marginLeft, gapX = 0, gapY = 0, cornerRadius } = spec;
  return {
    id: `${vendor.toLowerCase()}-${code.toLowerCase()}`,
    vendor,
    code,
    name,
    kind: 'sheet',
    width,
    height,
    units,
    ...(cornerRadius === undefined ? {} : { cornerRadius }),
    sheet: { ...page, columns, rows, marginTop, marginLeft, gapX, gapY },
  };
}

const averyLetter = (spec: SheetSpec): LabelStock => sheet('Avery', LETTER, 'in', spec);
const averyA4 = (spec: SheetSpec): LabelStock => sheet('Avery', A4, 'mm', spec);
const hermaA4 = (spec: SheetSpec): LabelStock => sheet('Herma', A4, 'mm', spec);

/** Zebra and compatible direct-thermal rolls, by the inch sizes they are sold in. */
const ZEBRA_SIZES: [width: number, height: number][] = [
  [4, 8],
  [4, 6],
  [4, 5],
  [4, 4],
  [4, 3],
  [4, 2.5],
  [4, 2],
  [4, 1],
  [3, 3],
  [3, 2],
  [3, 1],
  [2.5, 1],
  [2.25, 1.25],
  [2.25, 0.75],
  [2.25, 0.5],
  [2, 2],
  [2, 1],
  [2, 0.5],
  [1.5, 1],
  [1.25, 1],
  [1, 1],
  [1, 0.5],
];
const ZEBRA_ROLLS: LabelStock[] = ZEBRA_SIZES.map(([width, height]) => zebra(width, height));

const DYMO_ROLLS: LabelStock[] = [
  roll('Dymo', '30252', 'LabelWriter address', 1.125, 3.5, 'in'),
  roll('Dymo', '30321', 'LabelWriter large address', 1.4, 3.5, 'in'),
  roll('Dymo', '30256', 'LabelWriter shipping', 2.3125, 4, 'in'),
  roll('Dymo', '30323', 'LabelWriter shipping', 2.125, 4, 'in'),
  roll('Dymo', '30334', 'LabelWriter multipurpose', 2.25, 1.25, 'in'),
  roll('Dymo', '30336', 'LabelWriter multipurpose', 1, 2.125, 'in'),
  roll('Dymo', '30332', 'LabelWriter square multipurpose', 1, 1, 'in'),
  roll('Dymo', '30330', 'LabelWriter return address', 0.75, 2, 'in'),
  roll('Dymo', '30327', 'LabelWriter file folder', 0.5625, 3.4375, 'in'),
  roll('Dymo', '30346', 'LabelWriter library barcode', 0.5, 1.875, 'in'),
  roll('Dymo', '30347', 'LabelWriter book spine', 1, 1.5, 'in'),
  roll('Dymo', '30258', 'LabelWriter diskette', 2.125, 2.75, 'in'),
  roll('Dymo', '30857', 'LabelWriter name badge', 2.25, 4, 'in'),
  roll('Dymo', '30364', 'LabelWriter name badge', 2.4375, 4.0625, 'in'),
  roll('Dymo', '1744907', 'LabelWriter 4XL shipping', 4, 6, 'in'),
  roll('Dymo', '99010', 'LabelWriter standard address', 28, 89, 'mm'),
  roll('Dymo', '99012', 'LabelWriter large address', 36, 89, 'mm'),
  roll('Dymo', '99014', 'LabelWriter shipping', 54, 101, 'mm'),
  roll('Dymo', '99017', 'LabelWriter suspension file', 12, 50, 'mm'),
  roll('Dymo', '11352', 'LabelWriter return address', 25, 54, 'mm'),
  roll('Dymo', '11354', 'LabelWriter multipurpose', 57, 32, 'mm'),
  roll('Dymo', '11355', 'LabelWriter multipurpose', 19, 51, 'mm'),
  roll('Dymo', '11356', 'LabelWriter name badge', 41, 89, 'mm'),
];

const BROTHER_ROLLS: LabelStock[] = [
  roll('Brother', 'DK-11201', 'Standard address labels', 29, 90, 'mm'),
  roll('Brother', 'DK-11202', 'Shipping labels', 62, 100, 'mm'),
  roll('Brother', 'DK-11203', 'File folder labels', 17, 87, 'mm'),
  roll('Brother', 'DK-11204', 'Multi-purpose labels', 17, 54, 'mm'),
  roll('Brother', 'DK-11208', 'Large address labels', 38, 90, 'mm'),
  roll('Brother', 'DK-11209', 'Small address labels', 29, 62, 'mm'),
  roll('Brother', 'DK-11221', 'Square labels', 23, 23, 'mm'),
  roll('Brother', 'DK-11234', 'Name badge labels', 60, 86, 'mm'),
  roll('Brother', 'DK-11240', 'Large multi-purpose labels', 102, 51, 'mm'),
  roll('Brother', 'DK-11241', 'Large shipping labels', 102, 152, 'mm'),
  roll('Brother', 'DK-11247', 'Large shipping labels', 103, 164, 'mm'),
  brotherRound('DK-11207', 'CD/DVD film labels', 58),
  brotherRound('DK-11218', 'Round labels', 24),
  brotherRound('DK-11219', 'Small round labels', 12),
  brotherTape('DK-22205', 'Continuous paper tape 62 mm', 62, 100),
  brotherTape('DK-22212', 'Continuous film tape 62 mm', 62, 100),
  brotherTape('DK-22251', 'Continuous paper tape 62 mm, black/red', 62, 100),
  brotherTape('DK-22223', 'Continuous paper tape 50 mm', 50, 100),
  brotherTape('DK-22225', 'Continuous paper tape 38 mm', 38, 90),
  brotherTape('DK-22210', 'Continuous paper tape 29 mm', 29, 90),
  brotherTape('DK-22211', 'Continuous film tape 29 mm', 29, 90),
  brotherTape('DK-22214', 'Continuous paper tape 12 mm', 12, 50),
  brotherTape('DK-22243', 'Continuous paper tape 102 mm', 102, 152),
];

/** US Letter sheets; Avery publishes heights first ("1 x 2-5/8 in"), here width x height as on the page. */
const AVERY_LETTER_SHEETS: LabelStock[] = [
  averyLetter({
    code: '5160',
    name: 'Address labels, 30 per sheet',
    width: 2.625,
    height: 1,
    columns: 3,
    rows: 10,
    marginTop: 0.5,
    marginLeft: 0.1875,
    gapX: 0.125,
    cornerRadius: 0.0625,
  }),
  averyLetter({
    code: '5161',
    name: 'Address labels, 20 per sheet',
    width: 4,
    height: 1,
    columns: 2,
    rows: 10,
    marginTop: 0.5,
    marginLeft: 0.15625,
    gapX: 0.1875,
    cornerRadius: 0.0625,
  }),
  averyLetter({
    code: '5162',
    name: 'Address labels, 14 per sheet',
    width: 4,
    height: 4 / 3,
    columns: 2,
    rows: 7,
    marginTop: 5 / 6,
    marginLeft: 0.15625,
    gapX: 0.1875,
    cornerRadius: 0.0625,
  }),
  averyLetter({
    code: '5159',
    name: 'Address labels, 14 per sheet',
    width: 4,
    height: 1.5,
    columns: 2,
    rows: 7,
    marginTop: 0.25,
    marginLeft: 0.15625,
    gapX: 0.1875,
    cornerRadius: 0.0625,
  }),
  averyLetter({
    code: '5197',
    name: 'Address labels, 12 per sheet',
    width: 4,
    height: 1.5,
    columns: 2,
    rows: 6,
    marginTop: 1,
    marginLeft: 0.1875,
    gapX: 0.125,
    cornerRadius: 0.0625,
  }),
  averyLetter({
    code: '5163',
    name: 'Shipping labels, 10 per sheet',
    width: 4,
    height: 2,
    columns: 2,
    rows: 5,
    marginTop: 0.5,
    marginLeft: 0.15625,
    gapX: 0.1875,
  }),
  averyLetter({
    code: '5663',
    name: 'Address labels, 10 per sheet',
    width: 4.25,
    height: 2,
    columns: 2,
    rows: 5,
    marginTop: 0.5,
    marginLeft: 0,
  }),
  averyLetter({
    code: '5164',
    name: 'Shipping labels, 6 per sheet',
    width: 4,
    height: 10 / 3,
    columns: 2,
    rows: 3,
    marginTop: 0.5,
    marginLeft: 0.15625,
    gapX: 0.1875,
  }),
  averyLetter({
    code: '5168',
    name: 'Shipping labels, 4 per sheet',
    width: 3.5,
    height: 5,
    columns: 2,
    rows: 2,
    marginTop: 0.5,
    marginLeft: 0.5,
    gapX: 0.5,
  }),
  averyLetter({
    code: '5126',
    name: 'Shipping labels, 2 per sheet',
    width: 8.5,
    height: 5.5,
    columns: 1,
    rows: 2,
    marginTop: 0,
    marginLeft: 0,
  }),
  averyLetter({
    code: '5165',
    name: 'Full-sheet label',
    width: 8.5,
    height: 11,
    columns: 1,
    rows: 1,
    marginTop: 0,
    marginLeft: 0,
  }),
  averyLetter({
    code: '5167',
    name: 'Return address labels, 80 per sheet',
    width: 1.75,
    height: 0.5,
    columns: 4,
    rows: 20,
    marginTop: 0.5,
    marginLeft: 0.28125,
    gapX: 0.3125,
    cornerRadius: 0.0625,
  }),
  averyLetter({
    code: '5195',
    name: 'Return address labels, 60 per sheet',
    width: 1.75,
    height: 2 / 3,
    columns: 4,
    rows: 15,
    marginTop: 0.5,
    marginLeft: 0.28125,
    gapX: 0.3125,
    cornerRadius: 0.0625,
  }),
  averyLetter({
    code: '5395',
    name: 'Name badge labels, 8 per sheet',
    width: 3.375,
    height: 7 / 3,
    columns: 2,
    rows: 4,
    marginTop: 7 / 12,
    marginLeft: 0.6875,
    gapX: 0.375,
    gapY: 1 / 6,
    cornerRadius: 0.1875,
  }),
];

const AVERY_A4_SHEETS: LabelStock[] = [
  averyA4({
    code: 'L7160',
    name: 'Address labels, 21 per sheet',
    width: 63.5,
    height: 38.1,
    columns: 3,
    rows: 7,
    marginTop: 15.15,
    marginLeft: 7.25,
    gapX: 2.5,
  }),
  averyA4({
    code: 'L7159',
    name: 'Address labels, 24 per sheet',
    width: 63.5,
    height: 33.9,
    columns: 3,
    rows: 8,
    marginTop: 12.9,
    marginLeft: 7.25,
    gapX: 2.5,
  }),
  averyA4({
    code: 'L7161',
    name: 'Address labels, 18 per sheet',
    width: 63.5,
    height: 46.6,
    columns: 3,
    rows: 6,
    marginTop: 8.7,
    marginLeft: 7.25,
    gapX: 2.5,
  }),
  averyA4({
    code: 'L7164',
    name: 'Address labels, 12 per sheet',
    width: 63.5,
    height: 72,
    columns: 3,
    rows: 4,
    marginTop: 4.5,
    marginLeft: 7.25,
    gapX: 2.5,
  }),
  averyA4({
    code: 'L7162',
    name: 'Address labels, 16 per sheet',
    width: 99.1,
    height: 33.9,
    columns: 2,
    rows: 8,
    marginTop: 12.9,
    marginLeft: 4.65,
    gapX: 2.5,
  }),
  averyA4({
    code: 'L7163',
    name: 'Address labels, 14 per sheet',
    width: 99.1,
    height: 38.1,
    columns: 2,
    rows: 7,
    marginTop: 15.15,
    marginLeft: 4.65,
    gapX: 2.5,
  }),
  averyA4({
    code: 'L7173',
    name: 'Shipping labels, 10 per sheet',
    width: 99.1,
    height: 57,
    columns: 2,
    rows: 5,
    marginTop: 6,
    marginLeft: 4.65,
    gapX: 2.5,
  }),
  averyA4({
    code: 'L7165',
    name: 'Parcel labels, 8 per sheet',
    width: 99.1,
    height: 67.7,
    columns: 2,
    rows: 4,
    marginTop: 13.1,
    marginLeft: 4.65,
    gapX: 2.5,
  }),
  averyA4({
    code: 'L7166',
    name: 'Parcel labels, 6 per sheet',
    width: 99.1,
    height: 93.1,
    columns: 2,
    rows: 3,
    marginTop: 8.85,
    marginLeft: 4.65,
    gapX: 2.5,
  }),
  averyA4({
    code: 'L7169',
    name: 'Parcel labels, 4 per sheet',
    width: 99.1,
    height: 139,
    columns: 2,
    rows: 2,
    marginTop: 9.5,
    marginLeft: 4.65,
    gapX: 2.5,
  }),
  averyA4({
    code: 'L7168',
    name: 'Parcel labels, 2 per sheet',
    width: 199.6,
    height: 143.5,
    columns: 1,
    rows: 2,
    marginTop: 5,
    marginLeft: 5.2,
  }),
  averyA4({
    code: 'L7167',
    name: 'Full-page label',
    width: 199.6,
    height: 289.1,
    columns: 1,
    rows: 1,
    marginTop: 3.95,
    marginLeft: 5.2,
  }),
  averyA4({
    code: 'L7651',
    name: 'Mini labels, 65 per sheet',
    width: 38.1,
    height: 21.2,
    columns: 5,
    rows: 13,
    marginTop: 10.7,
    marginLeft: 4.75,
    gapX: 2.5,
  }),
  averyA4({
    code: 'L7654',
    name: 'Mini labels, 40 per sheet',
    width: 45.7,
    height: 25.4,
    columns: 4,
    rows: 10,
    marginTop: 21.5,
    marginLeft: 9.7,
    gapX: 2.6,
  }),
  averyA4({
    code: 'L4732',
    name: 'Removable mini labels, 80 per sheet',
    width: 35.6,
    height: 16.9,
    columns: 5,
    rows: 16,
    marginTop: 13,
    marginLeft: 11,
    gapX: 2.5,
  }),
];

const HERMA_A4_SHEETS: LabelStock[] = [
  hermaA4({
    code: '10001',
    name: 'Labels, 189 per sheet',
    width: 25.4,
    height: 10,
    columns: 7,
    rows: 27,
    marginTop: 14.4,
    marginLeft: 8,
    gapX: 2.8,
  }),
  hermaA4({
    code: '4100',
    name: 'Labels, 96 per sheet',
    width: 30.48,
    height: 16.93,
    columns: 6,
    rows: 16,
    marginTop: 18.5,
    marginLeft: 7.5,
    gapX: 2.42,
  }),
  hermaA4({
    code: '4101',
    name: 'Labels, 88 per sheet',
    width: 43.2,
    height: 10.3,
    columns: 4,
    rows: 22,
    marginTop: 10.5,
    marginLeft: 18.6,
    gapY: 2.35,
  }),
  hermaA4({
    code: '4097',
    name: 'Labels, 48 per sheet',
    width: 45.72,
    height: 21.2,
    columns: 4,
    rows: 12,
    marginTop: 22,
    marginLeft: 10,
    gapX: 3,
  }),
  hermaA4({
    code: '4098',
    name: 'Labels, 27 per sheet',
    width: 63.5,
    height: 29.6,
    columns: 3,
    rows: 9,
    marginTop: 15.5,
    marginLeft: 7.8,
    gapX: 3,
  }),
  hermaA4({
    code: '4103',
    name: 'Labels, 21 per sheet',
    width: 63.5,
    height: 38.1,
    columns: 3,
    rows: 7,
    marginTop: 15.5,
    marginLeft: 6.75,
    gapX: 3,
  }),
  hermaA4({
    code: '4457',
    name: 'Labels, 12 per sheet',
    width: 105,
    height: 48,
    columns: 2,
    rows: 6,
    marginTop: 5.5,
    marginLeft: 0,
  }),
  hermaA4({
    code: '4099',
    name: 'Labels, 10 per sheet',
    width: 96,
    height: 50.8,
    columns: 2,
    rows: 5,
    marginTop: 21.5,
    marginLeft: 8,
    gapX: 3,
  }),
  hermaA4({
    code: '10809',
    name: 'Labels A6, 4 per sheet',
    width: 105,
    height: 148,
    columns: 2,
    rows: 2,
    marginTop: 0,
    marginLeft: 0,
  }),
];

export const LABEL_STOCKS: readonly LabelStock[] = [
  ...ZEBRA_ROLLS,
  ...DYMO_ROLLS,
  ...BROTHER_ROLLS,
  ...AVERY_LETTER_SHEETS,
  ...AVERY_A4_SHEETS,
  ...HERMA_A4_SHEETS,
];
