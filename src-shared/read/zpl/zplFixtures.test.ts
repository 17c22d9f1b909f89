// Carrier-style labels and edge cases read by the ZPL reader: geometry of the laid-out elements, text after ^FH/^CI, and the limits.
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import type { LaidOutElement, LaidOutOf } from '../../layout/laidOutLabel';
import { PixelBudget } from '../../render/pixelBudget';
import { readZpl } from './readZpl';
import { MAX_BLOCK_LINES } from './textField';
import { zplTextFromBytes } from './zplCharsets';
import { pointsPerDot } from './zplField';
import { MAX_FIELDS_PER_LABEL } from './zplReader';

const fonts = bundledFonts();
const ppd = pointsPerDot(8);

function read(zpl: string) {
  return readZpl(zpl, { dpmm: 8, widthDots: 812, heightDots: 1218, budget: new PixelBudget(50_000_000), fonts });
}

function texts(elements: LaidOutElement[]): LaidOutOf<'text'>[] {
  return elements.filter((element): element is LaidOutOf<'text'> => element.type === 'text');
}

function only(zpl: string): LaidOutOf<'text'> {
  const [text] = texts(read(`^XA${zpl}^XZ`).labels[0]!.label.elements);
  return text!;
}

/** A parcel label in the style big carriers send: frame, reverse service bar, ^FB addresses, rotated routing text. */
const PARCEL = [
  '^XA^CI28^PW812^LL1218^LH0,0',
  '^FX frame and dividers',
  '^FO20,20^GB772,1178,4^FS',
  '^FO20,260^GB772,0,3^FS^FO20,560^GB772,0,3^FS',
  '^FX reversed service bar',
  '^FO20,20^GB772,90,90^FS',
  '^FO40,38^A0N,60,60^FR^FDPRIORITY OVERNIGHT^FS',
  '^FO40,130^ADN,36,20^FDFROM:^FS',
  '^FO40,170^A0N,28,24^FB500,4,4,L,0^FH^FDAcme Widgets_0D Ltd.\\&12 Harbour Rd\\&Portsmouth PO1 2AB^FS',
  '^FO40,290^A0N,34,30^FB450,5,6,L^FH^FDJos_C3_A9 M_C3_BCller\\&Flat 3, 221 Long Street Name That Goes On\\&M_C3_BCnchen 80331^FS',
  '^FO740,600^A0R,40,40^FDROUTE 66-A^FS',
  '^FT400,1150^A0B,30,30^FDREF 12345^FS',
  '^FO100,900^GC120,6^FS^FO300,900^GE200,100,5^FS^FO560,900^GD150,100,4,B,L^FS',
  '^PQ2',
  '^XZ',
].join('\n');

describe('a carrier-style parcel label', () => {
  const result = read(PARCEL);
  const label = result.labels[0]!;
  const elements = label.label.elements;

  it('reads every field with no warnings and keeps ^PQ', () => {
    expect(result.warnings).toEqual([]);
    expect(label.quantity).toBe(2);
    expect(elements.map((element) => element.type)).toEqual([
      'rect',
      'rect',
      'rect',
      'rect',
      'text',
      'text',
      'text',
      'text',
      'text',
      'text',
      'ellipse',
      'ellipse',
      'line',
    ]);
  });

  it('reverses the service bar text and paints it white', () => {
    const bar = texts(elements)[0]!;
    expect(bar.reverse).toBe(true);
    expect(bar.color).toBe('#ffffff');
    expect(elements[3]).toMatchObject({ type: 'rect', fill: '#000000' });
  });

  it('wraps ^FB address blocks at \\& and at the block width, decoding ^FH bytes as UTF-8', () => {
    const from = texts(elements)[2]!;
    expect(from.lines.map((line) => line.text)).toEqual(['Acme Widgets\r Ltd.', '12 Harbour Rd', 'Portsmouth PO1 2AB']);
    const gaps = from.lines.slice(1).map((line, index) => (line.baseline - from.lines[index]!.baseline) / ppd);
    expect(gaps.every((gap) => Math.abs(gap - 32) < 1e-9)).toBe(true);
    const to = texts(elements)[3]!;
    expect(to.lines[0]!.text).toBe('José Müller');
    // The long street line wraps: more lines than the three paragraphs.
    expect(to.lines.length).toBe(4);
    expect(to.lines.at(-1)!.text).toBe('München 80331');
    for (const line of to.lines) expect(line.width / ppd).toBeLessThanOrEqual(450);
  });

  it('turns R and B text about the field and places it by its printed corner or baseline', () => {
    const route = texts(elements)[4]!;
    expect(route.rotation).toBe(90);
    // ^FO with R: the printed (turned) field's top-left is the origin.
    const cx = route.box.x + route.box.width / 2;
    expect((cx - route.box.height / 2) / ppd).toBeCloseTo(740, 6);
    expect((route.box.y + route.box.height / 2 - route.box.width / 2) / ppd).toBeCloseTo(600, 6);
    const ref = texts(elements)[5]!;
    expect(ref.rotation).toBe(270);
  });
});

describe('field data', () => {
  it('applies ^FH escapes with a custom indicator and the ^CI character set in force', () => {
    expect(only('^CI28^FO0,0^FH\\^FDcaf\\C3\\A9 \\7E^FS').lines[0]!.text).toBe('café ~');
    expect(only('^CI27^FO0,0^FH^FD_80 _E9^FS').lines[0]!.text).toBe('€ é');
    expect(only('^CI0^FO0,0^FH^FD_82_9C^FS').lines[0]!.text).toBe('é£');
    expect(only('^CI6^FO0,0^FD[Wien]^FS').lines[0]!.text).toBe('ÄWienÜ');
    expect(only('^FO0,0^FH^FD_zz_4^FS').lines[0]!.text).toBe('_zz_4');
  });

  it('reads raw UTF-8 bytes under ^CI28 and replaces invalid ones with U+FFFD, warning', () => {
    const bytes = new TextEncoder().encode('^XA^CI28^FO0,0^FDStraße^FS^XZ');
    expect(texts(read(zplTextFromBytes(bytes)).labels[0]!.label.elements)[0]!.lines[0]!.text).toBe('Straße');
    const result = read('^XA^CI28^FO0,0^FH^FDbad _C3_28^FS^XZ');
    expect(texts(result.labels[0]!.label.elements)[0]!.lines[0]!.text).toBe('bad \uFFFD(');
    expect(result.warnings.map((warning) => warning.code)).toEqual(['ZPL_INVALID_TEXT']);
  });
});

describe('^FB text blocks', () => {
  it('centres and right-aligns lines in the block, with a hanging indent after the first line', () => {
    const centred = only('^FO100,100^A0N,30,30^FB400,2,0,C^FDMIDDLE^FS');
    const line = centred.lines[0]!;
    expect((line.x + line.width / 2) / ppd).toBeCloseTo(300, 6);
    const right = only('^FO100,100^A0N,30,30^FB400,2,0,R^FDEDGE^FS').lines[0]!;
    expect((right.x + right.width) / ppd).toBeCloseTo(500, 6);
    const hanging = only('^FO100,100^A0N,30,30^FB200,5,0,L,40^FDone two three four five six seven^FS');
    expect(hanging.lines[0]!.x / ppd).toBeCloseTo(100, 6);
    expect(hanging.lines[1]!.x / ppd).toBeCloseTo(140, 6);
  });

  it('overprints lines beyond the maximum on the last line, as printers do', () => {
    const block = only('^FO0,0^A0N,30,30^FB800,2,0^FDa\\&b\\&c\\&d^FS');
    const baselines = block.lines.map((line) => Math.round(line.baseline / ppd));
    expect(baselines[0]).toBeLessThan(baselines[1]!);
    expect(baselines.slice(1)).toEqual([baselines[1], baselines[1], baselines[1]]);
  });

  it('justifies (J) every line but the last of a paragraph to the full width', () => {
    const block = only('^FO0,0^A0N,30,30^FB300,9,0,J^FDaa bb cc dd ee ff gg hh ii jj kk^FS');
    const firstRow = block.lines.filter((line) => line.baseline === block.lines[0]!.baseline);
    const last = firstRow.at(-1)!;
    expect(firstRow.length).toBeGreaterThan(1);
    expect((last.x + last.width) / ppd).toBeCloseTo(300, 6);
  });

  it(`caps a block at ${MAX_BLOCK_LINES} lines with a warning`, () => {
    const result = read(`^XA^FO0,0^A0N,30,30^FB10,9999^FD${'w '.repeat(5000)}^FS^XZ`);
    expect(texts(result.labels[0]!.label.elements)[0]!.lines.length).toBe(MAX_BLOCK_LINES);
    expect(result.warnings.map((warning) => warning.code)).toContain('ZPL_LIMIT');
  });
});

describe('fonts', () => {
  it('magnifies bitmap fonts by whole cells (D is 18x10 dots and a 2-dot gap)', () => {
    const one = only('^FO0,0^ADN,18,10^FDABC^FS');
    const two = only('^FO0,0^ADN,36,20^FDABC^FS');
    expect(one.lines[0]!.width / ppd).toBeCloseTo(36, 6);
    expect(two.lines[0]!.width / ppd).toBeCloseTo(72, 6);
    expect(one.box.height / ppd).toBeCloseTo(18, 9);
    expect(only('^FO0,0^ADN,40,20^FDABC^FS').box.height / ppd).toBeCloseTo(36, 9);
  });

  it('uses ^CF defaults, and the printer default font A before any', () => {
    expect(only('^FO0,0^FDAB^FS').box.height / ppd).toBeCloseTo(9, 9);
    expect(only('^CF0,50^FO0,0^FDAB^FS').box.height / ppd).toBeCloseTo(50, 9);
    expect(only('^CFB^FO0,0^FDAB^FS').lines[0]!.width / ppd).toBeCloseTo(18, 6);
  });

  it('draws ^A@ fonts as font 0 with a warning', () => {
    const result = read('^XA^FO0,0^A@N,40,40,E:ARIAL.TTF^FDx^FS^XZ');
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'ZPL_FONT_SUBSTITUTED', command: '^A@' })]);
    expect(texts(result.labels[0]!.label.elements)[0]!.fontKey).toBe('sans-bold');
  });

  it('stacks ^FPV characters and spaces ^FPH characters by the gap', () => {
    const vertical = only('^FO0,0^A0N,30,30^FPV,5^FDABC^FS');
    expect(vertical.lines.map((line) => Math.round(line.baseline / ppd))).toEqual([24, 59, 94]);
    expect(only('^FO0,0^A0N,30,30^FPR^FDABC^FS').lines[0]!.text).toBe('C');
  });
});

describe('label settings', () => {
  it('moves fields by ^LH and ^LS, and defaults orientation by ^FW', () => {
    const text = only('^LH30,40^LS10^FWR^FO100,100^A0,30,30^FDX^FS');
    expect(text.rotation).toBe(90);
    const box = only('^LH30,40^FO100,100^A0N,30,30^FDX^FS').box;
    expect(box.x / ppd).toBeCloseTo(130, 6);
    expect(box.y / ppd).toBeCloseTo(140, 6);
  });

  it('moves the whole label down by ^LT and left by ^LS (right when negative): fields, boxes and graphics alike', () => {
    const boxes = (zpl: string) =>
      read(zpl)
        .labels.at(-1)!
        .label.elements.map((element) => ({ x: Math.round(element.box.x / ppd), y: Math.round(element.box.y / ppd) }));
    const label = '^FO100,50^GB40,40,40^FS^FT100,200^A0N,30,30^FDX^FS^FO300,300^GFA,8,8,1,FFFFFFFFFFFFFFFF^FS';
    const plain = boxes(`^XA${label}^XZ`);
    expect(boxes(`^XA^LT12^LS-20${label}^XZ`)).toEqual(plain.map(({ x, y }) => ({ x: x + 20, y: y + 12 })));
    expect(boxes(`^XA^LT-8^LS16${label}^XZ`)).toEqual(plain.map(({ x, y }) => ({ x: x - 16, y: y - 8 })));
  });

  it('keeps ^LT and ^LS from a settings format ahead of the label, as the printer does (the print jobs send them so)', () => {
    const result = read(
      '^XA~SD20^MTT^MMC^MNM^PW406^LL203^LT-8^LS-4^XZ\n^XA^FO100,50^GB40,40,40^FS^XZ\n^XA^FO100,50^GB40,40,40^FS^XZ',
    );
    // The settings format has no fields: no label of its own; the labels after it moved 4 dots right and 8 up, and
    // (read on 812-dot media) 203 dots right more, the ^PW406 band centred on it.
    expect(
      result.labels.map((entry) =>
        entry.label.elements.map((element) => [Math.round(element.box.x / ppd), Math.round(element.box.y / ppd)]),
      ),
    ).toEqual([[[307, 42]], [[307, 42]]]);
    expect(result.warnings).toEqual([]);
  });

  it('turns the whole label over with ^POI', () => {
    const [rect] = read('^XA^POI^FO10,20^GB100,50,50^FS^XZ').labels[0]!.label.elements;
    expect(rect!.rotation).toBe(180);
    expect(rect!.box.x / ppd).toBeCloseTo(812 - 110, 6);
    expect(rect!.box.y / ppd).toBeCloseTo(1218 - 70, 6);
  });

  it('draws white and rounded boxes and ^GS symbols', () => {
    const [white, round] = read('^XA^FO0,0^GB100,100,100,W^FS^FO0,0^GB200,100,5,B,8^FS^XZ').labels[0]!.label
      .elements as LaidOutOf<'rect'>[];
    expect(white!.fill).toBe('#ffffff');
    expect(round!.cornerRadius / ppd).toBeCloseTo(50 - 2.5, 6);
    expect(only('^FO0,0^GSN,40,40^FDC^FS').lines[0]!.text).toBe('™');
  });

  it('draws the whole ^GS field in symbols, keeping the spaces that place them', () => {
    expect(only('^FO0,0^GSN,40,40^FDA  B C^FS').lines[0]!.text).toBe('®  © ™');
    expect(only('^FO0,0^GSN,40,40^FDde^FS').lines[0]!.text).toBe('ULCSA');
    const result = read('^XA^FO0,0^GSN,40,40^FDA?B^FS^XZ');
    expect((result.labels[0]!.label.elements[0] as LaidOutOf<'text'>).lines[0]!.text).toBe('®©');
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'ZPL_BAD_PARAMETER', command: '^GS' })]);
  });
});

describe('stored formats', () => {
  const zpl = [
    '^XA^DFR:PARCEL.ZPL^FS',
    '^FO50,50^A0N,40,40^FN1^FS',
    '^FO50,120^A0N,30,30^FN2^FDdefault^FS',
    '^FO50,200^GB300,0,3^FS',
    '^XZ',
    '^XA^FO10,10^A0N,20,20^FDbefore^FS^XFR:PARCEL.ZPL^FS^FN1^FDAda Lovelace^FS^FN2^FH^FDLondon _28UK_29^FS^XZ',
    '^XA^XFPARCEL^FN1^FDSecond^FS^XZ',
  ].join('\n');
  const result = read(zpl);

  it('prints nothing for the ^DF label and fills ^FN fields from the recalling label', () => {
    expect(result.warnings).toEqual([]);
    expect(result.labels).toHaveLength(2);
    const first = result.labels[0]!;
    expect(texts(first.label.elements).map((text) => text.lines[0]!.text)).toEqual([
      'before',
      'Ada Lovelace',
      'London (UK)',
    ]);
    expect(Object.values(first.fieldNumbers).sort()).toEqual([1, 2]);
    expect(texts(result.labels[1]!.label.elements).map((text) => text.lines[0]!.text)).toEqual(['Second', 'default']);
  });

  it('stops a format that recalls itself, with a warning', () => {
    const looping = read('^XA^DFLOOP^FS^FO0,0^A0N,20,20^FDx^FS^XFLOOP^FS^XFLOOP^FS^XZ^XA^XFLOOP^XZ');
    expect(looping.warnings.some((warning) => warning.code === 'ZPL_LIMIT')).toBe(true);
    expect(looping.labels[0]!.label.elements.length).toBeLessThan(100);
  });
});

describe('hostile input', () => {
  it(`skips fields beyond ${MAX_FIELDS_PER_LABEL.toLocaleString('en-US')} in a label with one warning`, () => {
    const result = read(`^XA${'^FO1,1^GB5,5,1^FS'.repeat(MAX_FIELDS_PER_LABEL + 5)}^XZ`);
    expect(result.labels[0]!.label.elements).toHaveLength(MAX_FIELDS_PER_LABEL);
    expect(result.warnings.filter((warning) => warning.code === 'ZPL_LIMIT')).toHaveLength(1);
  });

  it('ignores ^PW/^LL of 100000 dots and keeps a huge ^PQ with warnings', () => {
    const result = read('^XA^PW100000^LL100000^PQ999999999^FO0,0^GB10,10,1^FS^XZ');
    expect(result.labels[0]!.quantity).toBe(99_999_999);
    expect(result.labels[0]!.label.width / ppd).toBeCloseTo(812, 6);
    expect(result.warnings.map((warning) => warning.command)).toEqual(['^PW', '^LL', '^PQ']);
  });

  it('never throws on garbage, naming what it skipped', () => {
    const garbage = '^^^~~~^XA^FO-5,abc^A9Z,-3,x^FD\u0000^FS^GB-1,-1,-1^FS^FB^FS~ZZ^ZZ^XZ^XZ^A';
    const result = read(garbage);
    expect(result.warnings.length).toBeGreaterThan(0);
    expect(result.warnings.every((warning) => garbage.startsWith(warning.command.slice(0, 1), warning.position))).toBe(
      true,
    );
  });

  it('skips fields of barcodes it does not read (^B1 code 11) with a warning, never drawing their data as text', () => {
    const zpl = '^XA^FO10,10^B1N,N,100,Y,N^FD12345^FS^XZ';
    const result = read(zpl);
    expect(result.labels[0]!.label.elements).toEqual([]);
    expect(result.warnings[0]).toMatchObject({ command: '^B1', position: zpl.indexOf('^B1') });
  });
});
