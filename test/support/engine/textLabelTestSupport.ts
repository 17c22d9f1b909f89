// Test support: hand-built LaidOutText elements measured with the real fonts, for the document writers' tests.
import type { FontFaceKey } from '@shared/fonts/fontFaces';
import type { FontRegistry } from '@shared/fonts/fontRegistry';
import type { LaidOutText } from '@shared/layout/laidOutLabel';

export interface TextSpec {
  id: string;
  lines: string[];
  /** Top-left of the element box in points. */
  x: number;
  y: number;
  fontKey?: FontFaceKey;
  fontSize?: number;
  color?: string;
  rotation?: number;
}

/** Left-aligned lines stacked from the box top: first baseline one ascent down, then every 1.2 font sizes. */
export function laidOutText(fonts: FontRegistry, spec: TextSpec): LaidOutText {
  const fontKey = spec.fontKey ?? 'sans-regular';
  const fontSize = spec.fontSize ?? 12;
  const lineHeight = fontSize * 1.2;
  const ascent = fonts.ascent(fontKey, fontSize);
  const lines = spec.lines.map((text, index) => ({
    text,
    x: spec.x,
    baseline: spec.y + ascent + index * lineHeight,
    width: fonts.measure(fontKey, text, fontSize),
  }));
  return {
    type: 'text',
    id: spec.id,
    box: {
      x: spec.x,
      y: spec.y,
      width: Math.max(0, ...lines.map((line) => line.width)),
      height: ascent + fonts.descent(fontKey, fontSize) + (lines.length - 1) * lineHeight,
    },
    rotation: spec.rotation ?? 0,
    fontKey,
    fontSize,
    color: spec.color ?? '#000000',
    textAlign: 'left',
    lineHeight,
    lines,
  };
}
