import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import type { LayoutContext } from '../../layout/layoutContext';
import type { RenderWarning } from '../../layout/laidOutLabel';
import { textElementSchema, type TextElement } from './textSchema';
import { layoutText } from './layoutText';
import { RenderPixels } from '../../render/renderPixels';

const fonts = bundledFonts();

function layout(
  text: string,
  overrides: Partial<Record<string, unknown>> = {},
  box = { x: 10, y: 20, width: 100, height: 50 },
) {
  const warnings: RenderWarning[] = [];
  const element: TextElement = textElementSchema.parse({
    id: 't',
    type: 'text',
    position: { mode: 'absolute', x: '0pt', y: '0pt' },
    width: `${box.width}pt`,
    height: `${box.height}pt`,
    content: { text },
    ...overrides,
  });
  const ctx: LayoutContext = {
    fonts,
    env: { now: () => new Date(0) },
    content: () => text,
    warn: (warning) => warnings.push(warning),
    pixels: new RenderPixels(),
    targetDpi: 300,
  };
  const laidOut = layoutText(element, box, ctx);
  if (!laidOut) throw new Error('expected a laid-out text');
  return { laidOut, warnings };
}

describe('text layout', () => {
  it('measures lines with the font and places the first baseline by ascent and half-leading', () => {
    const { laidOut } = layout('Hello', { style: { fontSize: '10pt' } });
    const [line] = laidOut.lines;
    expect(line?.text).toBe('Hello');
    expect(line?.width).toBeCloseTo(fonts.measure('sans-regular', 'Hello', 10), 9);
    const ascent = fonts.ascent('sans-regular', 10);
    const descent = fonts.descent('sans-regular', 10);
    expect(line?.baseline).toBeCloseTo(20 + (12 - ascent - descent) / 2 + ascent, 9);
    expect(line?.x).toBe(10);
  });

  it('wraps at the box width and drops lines whose baseline falls below the box', () => {
    const words = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    const { laidOut, warnings } = layout(words, { style: { fontSize: '10pt', lineHeight: 1 } });
    for (const line of laidOut.lines) expect(line.width).toBeLessThanOrEqual(100 + 1e-6);
    for (const line of laidOut.lines) expect(line.baseline).toBeLessThanOrEqual(70 + 1e-6);
    // Baselines at 8.47 + 10i pt below the top (ascent 9.05, half-leading -0.59): i = 0..4 are inside 50 pt.
    expect(laidOut.lines.length).toBe(5);
    expect(warnings.map((warning) => warning.code)).toContain('TEXT_TRUNCATED');
    // Lines are consecutive pieces of the text.
    expect(words.startsWith(laidOut.lines.map((line) => line.text).join(' '))).toBe(true);
  });

  it('aligns right and centre within the box', () => {
    const right = layout('Hi', { style: { textAlign: 'right' } }).laidOut.lines[0];
    const centre = layout('Hi', { style: { textAlign: 'center' } }).laidOut.lines[0];
    if (!right || !centre) throw new Error('missing lines');
    expect(right.x + right.width).toBeCloseTo(110, 9);
    expect(centre.x + centre.width / 2).toBeCloseTo(60, 9);
  });

  it('aligns vertically: bottom puts the block at the box bottom, middle centres it', () => {
    const top = layout('A', { style: { fontSize: '10pt', lineHeight: 1.2 } }).laidOut.lines[0];
    const middle = layout('A', { style: { fontSize: '10pt', lineHeight: 1.2, verticalAlign: 'middle' } }).laidOut
      .lines[0];
    const bottom = layout('A', { style: { fontSize: '10pt', lineHeight: 1.2, verticalAlign: 'bottom' } }).laidOut
      .lines[0];
    if (!top || !middle || !bottom) throw new Error('missing lines');
    expect(middle.baseline - top.baseline).toBeCloseTo((50 - 12) / 2, 9);
    expect(bottom.baseline - top.baseline).toBeCloseTo(50 - 12, 9);
  });

  it('shrinks to the largest size at which all the text fits, not below minFontSize', () => {
    const text = 'A fairly long product description that will not fit at thirty points';
    const { laidOut, warnings } = layout(text, { style: { fontSize: '30pt', overflow: 'shrink' } });
    expect(laidOut.fontSize).toBeLessThan(30);
    expect(laidOut.fontSize).toBeGreaterThan(4);
    expect(laidOut.lines.map((line) => line.text).join(' ')).toBe(text);
    const last = laidOut.lines.at(-1);
    expect((last?.baseline ?? 0) + fonts.descent('sans-regular', laidOut.fontSize)).toBeLessThanOrEqual(70 + 1e-6);
    expect(warnings).toEqual([]);
    // A size a little larger would not have fitted.
    const bigger = layout(text, {
      style: {
        fontSize: `${laidOut.fontSize + 0.2}pt`,
        overflow: 'shrink',
        minFontSize: `${laidOut.fontSize + 0.2}pt`,
      },
    });
    expect(bigger.warnings.map((warning) => warning.code)).toContain('TEXT_TRUNCATED');
  });

  it('keeps the given size when the text already fits, and stops at minFontSize', () => {
    expect(layout('short', { style: { fontSize: '12pt', overflow: 'shrink' } }).laidOut.fontSize).toBe(12);
    const long = 'x '.repeat(2000);
    const { laidOut, warnings } = layout(long, { style: { fontSize: '12pt', overflow: 'shrink', minFontSize: '6pt' } });
    expect(laidOut.fontSize).toBe(6);
    expect(warnings.map((warning) => warning.code)).toContain('TEXT_TRUNCATED');
  });

  it('resolves families and styles, and warns when it falls back to the sans', () => {
    expect(
      layout('x', { style: { fontFamily: 'Courier', fontWeight: 'bold', fontStyle: 'italic' } }).laidOut.fontKey,
    ).toBe('mono-bolditalic');
    expect(layout('x', { style: { fontFamily: 'Times New Roman' } }).laidOut.fontKey).toBe('serif-regular');
    const unknown = layout('x', { style: { fontFamily: 'Comic Sans MS' } });
    expect(unknown.laidOut.fontKey).toBe('sans-regular');
    expect(unknown.warnings).toEqual([expect.objectContaining({ code: 'FONT_FALLBACK', elementId: 't' })]);
  });

  it('carries rotation and colour through', () => {
    const { laidOut } = layout('x', { rotation: 90, style: { color: '#ff0000' } });
    expect(laidOut.rotation).toBe(90);
    expect(laidOut.color).toBe('#ff0000');
  });

  it('condenses glyphs by horizontalScale: lines measure and wrap at the scaled widths, and the run carries scaleX', () => {
    const plain = layout('Condensed', { style: { fontSize: '10pt' } }).laidOut;
    expect(plain.scaleX).toBeUndefined();
    const condensed = layout('Condensed', { style: { fontSize: '10pt', horizontalScale: 0.5 } }).laidOut;
    expect(condensed.scaleX).toBe(0.5);
    expect(condensed.lines[0]!.width).toBeCloseTo(plain.lines[0]!.width / 2, 9);
    // Two words that need two lines at full width fit one line condensed.
    const words = 'Wrapping widely';
    const box = { x: 0, y: 0, width: fonts.measure('sans-regular', words, 10) * 0.8, height: 50 };
    expect(layout(words, { style: { fontSize: '10pt' } }, box).laidOut.lines).toHaveLength(2);
    expect(layout(words, { style: { fontSize: '10pt', horizontalScale: 0.75 } }, box).laidOut.lines).toHaveLength(1);
    const right = layout('Hi', { style: { textAlign: 'right', horizontalScale: 2 } }).laidOut.lines[0]!;
    expect(right.x + right.width).toBeCloseTo(110, 9);
  });
});
