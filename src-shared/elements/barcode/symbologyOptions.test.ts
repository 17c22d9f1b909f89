// The options of the carriers' and health care symbologies: check digits verified or computed, MaxiCode modes and carrier messages, DataBar segments, MSI/Code 11/Codabar check schemes.
import bwipjs from 'bwip-js/generic';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { RenderError } from '../../errors';
import { parseTemplate } from '../../model/template';
import { barcode, crop, outputs, template } from '../../../test/support/engine/barcodeOutputsTestSupport';
import { darkBounds, decode, laidOutBarcode, layoutForTest } from '../../../test/support/engine/barcodeTestSupport';
import { barcodeElementSchema } from './barcodeSchema';

const fonts = bundledFonts();
const box = { x: 20, y: 20, width: 300, height: 80 };
const RS = '\u001e';
const GS = '\u001d';

function failure(fields: Record<string, unknown>, value: string): RenderError {
  try {
    layoutForTest(fonts, fields, value, box);
  } catch (error) {
    if (error instanceof RenderError) return error;
    throw error;
  }
  throw new Error('expected the layout to fail');
}

describe('fixed check digits', () => {
  it.each([
    ['isbn', '978-1-56581-231-5', 'ISBN-13 check digit is 5, but the digits before it give 4'],
    ['isbn', '1-56581-231-5', 'ISBN-10 check digit is 5, but the digits before it give X'],
    ['issn', '0311-1759', 'ISSN check digit is 9, but the digits before it give X'],
    ['ean14', '(01)04601234567894', 'EAN-14 check digit is 4, but the digits before it give 3'],
    ['sscc18', '(00)006141411234567891', 'SSCC-18 check digit is 1, but the digits before it give 0'],
    ['pzn', '12345679', 'PZN check digit is 9, but the digits before it give 8'],
    ['code32', '012345670', 'Code 32 check digit is 0, but the digits before it give 6'],
    ['databaromni', '(01)24012345678901', 'GTIN check digit is 1, but the digits before it give 5'],
    ['databarexpanded', '(01)98898765432107(3202)012345', 'GTIN check digit is 7, but the digits before it give 6'],
  ])('%s %s: 400 INVALID_BARCODE_DATA naming the element and the digit expected', (symbology, value, problem) => {
    const error = failure({ symbology }, value);
    expect([error.code, error.status, error.elementId]).toEqual(['INVALID_BARCODE_DATA', 400, 'code']);
    expect(error.message).toContain(`barcode "code" (${symbology})`);
    expect(error.message).toContain(problem);
    expect(error.details).toMatchObject({
      symbology,
      fix: expect.stringMatching(/^correct it to .+, or leave it out to have it computed$/),
    });
  });

  it.each([
    ['isbn', '978156581231', '978-1-56581-231-4'],
    ['isbn', '9781565812314', '978-1-56581-231-4'],
    ['isbn', '978156581231 52250', '978-1-56581-231-4 52250'],
    ['issn', '0311175', '0311-175X'],
    ['issn', 'ISSN 0311 175x 03', '0311-175X 03'],
    ['issn', '0311175 00 12345', '0311-175X 00 12345'],
    ['ean14', '(01)0460123456789', '(01)04601234567893'],
    ['sscc18', '00614141123456789', '(00)006141411234567890'],
    ['pzn', '123456', '01234562'],
    ['code32', '01234567', '012345676'],
    ['databarlimited', '(01)1501234567890', '(01)15012345678907'],
  ])('%s %s gets its check digit computed: %s', (symbology, value, encoded) => {
    expect(laidOutBarcode(fonts, { symbology }, value, box).value).toBe(encoded);
  });

  it('names the forms an ISSN may take when a sequence variant or add-on has the wrong length', () => {
    for (const value of ['0311-175X 0', '0311-175X 00 123', '0311-175X00']) {
      expect(failure({ symbology: 'issn' }, value).message).toContain(
        'then optionally a 2-digit sequence variant and a 2- or 5-digit add-on',
      );
    }
  });

  it('names the lengths a value may have', () => {
    expect(failure({ symbology: 'sscc18' }, '(00)1234').message).toMatch(
      /SSCC-18 is \(00\) and 17 digits, or 18 with the check digit/,
    );
    // A 1-digit sequence variant, a 3-digit add-on: bwip-js refuses both.
    for (const value of ['0311-175X 1', '0311-175X 00 123']) {
      expect(failure({ symbology: 'issn' }, value).message, value).toMatch(
        /ISSN is 7 digits and a check character \(a digit or X\), then optionally a 2-digit sequence variant and a 2- or 5-digit add-on/,
      );
    }
    expect(failure({ symbology: 'pharmacode' }, '2').message).toMatch(
      /pharmacode cannot encode "2": Pharmacode value must be between 3 and 131070/,
    );
  });
});

describe('MaxiCode', () => {
  const message = (postal: string) => `[)>${RS}01${GS}96${postal}${GS}840${GS}001${GS}1Z12345675${GS}UPSN${RS}\u0004`;

  it('takes mode 2 for a numeric postal code, 3 for an alphanumeric one and 4 for other text', () => {
    expect(laidOutBarcode(fonts, { symbology: 'maxicode' }, message('152382802'), box).options).toEqual({ mode: 2 });
    expect(laidOutBarcode(fonts, { symbology: 'maxicode' }, message('B1A2C3'), box).options).toEqual({ mode: 3 });
    expect(laidOutBarcode(fonts, { symbology: 'maxicode' }, 'Hello MaxiCode', box).options).toEqual({ mode: 4 });
  });

  it.each([
    [2, message('B1A2C3'), /mode 2 takes a numeric postal code of 1 to 9 digits, not "B1A2C3"/, /use mode 3/],
    [3, message('b1a2c3d4'), /mode 3 takes a postal code of 1 to 6 capital letters/, /shorten or capitalise/],
    [2, 'not a carrier message', /mode 2 needs the structured carrier message/, /or use mode 4/],
    [2, `[)>${RS}01${GS}96152382802${GS}US${GS}001${GS}rest`, /country code "US" is not 3 digits/, /ISO 3166 numeric/],
  ])('mode %i refuses %j with what to fix', (maxicodeMode, value, problem, fix) => {
    const error = failure({ symbology: 'maxicode', maxicodeMode }, value);
    expect(error.code).toBe('INVALID_BARCODE_DATA');
    expect(error.message).toMatch(problem);
    expect(String(error.details?.fix)).toMatch(fix);
  });

  it('prints a mode 4 symbol with ^BD4 that scans from the ZPL read back', async () => {
    const drawn = await outputs(
      template(1.8, 1.8, [
        barcode(
          'code',
          'maxicode',
          'Hello MaxiCode 4',
          { x: 0.2, y: 0.2, width: 1.4, height: 1.4 },
          { maxicodeMode: 4 },
        ),
      ]),
      203,
    );
    expect(drawn.zpl).toContain('^BD4,1,1');
    const element = drawn.laidOut.elements[0];
    if (element?.type !== 'barcode') throw new Error('no barcode');
    expect((await decode(crop(drawn.zplRead, element, 203), ['MaxiCode'])).map((result) => result.text)).toEqual([
      'Hello MaxiCode 4',
    ]);
  });
});

describe('GS1 DataBar Expanded segments', () => {
  it('stacks the symbol in rows of the segments asked, printed with ^BR and read back', async () => {
    const value = '(01)98898765432106(3202)012345(15)991231';
    const drawn = await outputs(
      template(2, 1.6, [
        barcode('code', 'databarexpanded', value, { x: 0.2, y: 0.2, width: 1.6, height: 1.2 }, { segments: 4 }),
      ]),
      203,
    );
    expect(drawn.zpl).toMatch(/\^BRN,6,\d+,1,\d+,4/);
    expect(drawn.zpl).not.toContain('^GFA');
    const element = drawn.laidOut.elements[0];
    if (element?.type !== 'barcode' || element.symbol.kind !== 'matrix') throw new Error('expected the stacked grid');
    expect(element.symbology).toBe('databarexpandedstacked');
    for (const raster of [drawn.png, drawn.pdf, drawn.zplRead]) {
      expect((await decode(crop(raster, element, 203), ['DataBarExpanded'])).map((result) => result.text)).toEqual([
        value,
      ]);
    }
  });

  it('refuses an odd number of segments and segments on another symbology', () => {
    const base = {
      id: 'code',
      type: 'barcode',
      position: { mode: 'absolute', x: '1mm', y: '1mm' },
      width: '40mm',
      height: '10mm',
    };
    expect(
      barcodeElementSchema.safeParse({ ...base, symbology: 'databarexpanded', segments: 5 }).error?.issues[0],
    ).toMatchObject({ path: ['segments'], message: expect.stringMatching(/even/) });
    expect(
      barcodeElementSchema.safeParse({ ...base, symbology: 'code128', segments: 4 }).error?.issues[0],
    ).toMatchObject({ path: ['segments'] });
    expect(
      barcodeElementSchema.safeParse({ ...base, symbology: 'code128', maxicodeMode: 2 }).error?.issues[0],
    ).toMatchObject({ path: ['maxicodeMode'] });
  });
});

describe('optional check digits', () => {
  /** bwip-js's bars for the same options, in modules. */
  function bwipBars(options: Record<string, unknown>): number[] {
    const [symbol] = bwipjs.raw(options as unknown as bwipjs.RawOptions) as unknown as { sbs: number[] }[];
    return symbol?.sbs ?? [];
  }

  function modules(fields: Record<string, unknown>, value: string): number {
    const element = laidOutBarcode(fonts, { ...fields, showText: false }, value, box);
    if (element.symbol.kind !== 'linear') throw new Error('expected bars');
    return element.symbol.bars.length;
  }

  it.each([
    [{ symbology: 'msi' }, { bcid: 'msi', includecheck: true, checktype: 'mod10' }],
    [
      { symbology: 'msi', checkDigit: 'mod1110' },
      { bcid: 'msi', includecheck: true, checktype: 'mod1110' },
    ],
    [{ symbology: 'msi', checkDigit: 'none' }, { bcid: 'msi' }],
    [{ symbology: 'code11', checkDigit: 'none' }, { bcid: 'code11' }],
    [
      { symbology: 'rationalizedCodabar', checkDigit: 'mod16' },
      { bcid: 'rationalizedCodabar', includecheck: true },
    ],
  ])('%j encodes as bwip-js with %j', (fields, options) => {
    const value = fields.symbology === 'rationalizedCodabar' ? 'A1234B' : '1234567';
    expect(modules(fields, value)).toBe(Math.ceil(bwipBars({ ...options, text: value }).length / 2));
  });

  it('refuses a scheme the symbology does not have, naming the ones it has', () => {
    const input = template(3, 1, [
      barcode('code', 'msi', '123', { x: 0.1, y: 0.1, width: 2, height: 0.5 }, { checkDigit: 'mod16' }),
    ]);
    expect(() => parseTemplate(input)).toThrow(/checkDigit: msi takes one of: mod10, mod1010, mod11, mod1110, none/);
    const isbn = template(3, 1, [
      barcode('code', 'isbn', '978156581231', { x: 0.1, y: 0.1, width: 2, height: 0.5 }, { checkDigit: 'none' }),
    ]);
    expect(() => parseTemplate(isbn)).toThrow(/computed \(or verified\) always/);
  });

  it('prints Codabar with a check digit as a graphic (^BK adds none) that still reads', async () => {
    const drawn = await outputs(
      template(3, 1, [
        barcode(
          'code',
          'rationalizedCodabar',
          'A1234B',
          { x: 0.2, y: 0.2, width: 2.5, height: 0.5 },
          { checkDigit: 'mod16', showText: false },
        ),
      ]),
      203,
    );
    expect(drawn.zpl).toContain('^GFA');
    expect(drawn.zpl).not.toContain('^BK');
  });
});

describe('rotated carrier symbols', () => {
  it.each([
    ['postnet', '555551237', '^BZR,'],
    ['databaromni', '(01)24012345678905', '^BRR,1,'],
  ] as const)('%s turned 90° prints with %s', async (symbology, value, command) => {
    const drawn = await outputs(
      template(2, 3, [
        barcode(
          'code',
          symbology,
          value,
          { x: 0.2, y: 0.5, width: 1.6, height: 0.6 },
          { rotation: 90, showText: false },
        ),
      ]),
      203,
    );
    expect(drawn.zpl).toContain(command);
    expect(drawn.zplWarnings).toEqual([]);
    // The turned symbol lands where the PNG has it, within a dot (the turn is about the box's centre, between dots).
    const [png, zpl] = [darkBounds(drawn.png), darkBounds(drawn.zplRead)];
    if (!png || !zpl) throw new Error('nothing drawn');
    for (const side of ['left', 'top', 'right', 'bottom'] as const)
      expect(Math.abs(png[side] - zpl[side]), side).toBeLessThanOrEqual(1);
  });
});
