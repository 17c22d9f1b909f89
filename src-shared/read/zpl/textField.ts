// Lays out a ZPL text field (^A font, ^FB block, ^FP direction) as a laid-out text element placed by its ^FO/^FT origin.
import type { Font } from 'fontkit';
import type { LaidOutText, TextLine } from '../../layout/laidOutLabel';
import { baselineEnd, placeField, pointsPerDot } from './zplField';
import { resolveFont, type ZplResolvedFont } from './zplFonts';
import type { ZplReader, ZplTextBlock } from './zplReader';

/** ^FB lines kept per field: more are dropped with a warning (a hostile block could otherwise ask for millions). */
export const MAX_BLOCK_LINES = 1000;

/** A line in the upright field, in dots: left edge from the field's left, baseline from its top. */
interface FieldLine {
  text: string;
  x: number;
  baseline: number;
  width: number;
}

/** ^FB's escapes: `\&` breaks the line, `\\` is one backslash. */
export function blockParagraphs(text: string): string[] {
  if (!text.includes('\\')) return [text];
  const paragraphs: string[] = [];
  let current = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const next = text[index + 1];
    if (char === '\\' && next === '&') {
      paragraphs.push(current);
      current = '';
      index++;
    } else if (char === '\\' && next === '\\') {
      current += '\\';
      index++;
    } else {
      current += char;
    }
  }
  paragraphs.push(current);
  return paragraphs;
}

/** Greedy word wrap; a word wider than the line is broken between characters. */
function wrap(
  paragraph: string,
  firstWidth: number,
  restWidth: number,
  measure: (text: string) => number,
  out: string[],
): void {
  const words = paragraph.split(' ');
  let line = '';
  const limit = () => (out.length === 0 ? firstWidth : restWidth);
  for (const word of words) {
    // One line past the cap is enough for the caller to see the block overflowed.
    if (out.length > MAX_BLOCK_LINES) return;
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure(candidate) <= limit() || (line === '' && word === '')) {
      line = candidate;
      continue;
    }
    if (line !== '') out.push(line);
    line = '';
    let rest = word;
    while (rest !== '' && measure(rest) > limit() && out.length <= MAX_BLOCK_LINES) {
      let fit = 1;
      while (fit < rest.length && measure(rest.slice(0, fit + 1)) <= limit()) fit++;
      out.push(rest.slice(0, fit));
      rest = rest.slice(fit);
    }
    line = rest;
  }
  out.push(line);
}

/** Lines of a ^FB block, aligned in the block; lines past the block's maximum overprint its last line, as printers do. */
function blockLines(
  text: string,
  block: ZplTextBlock,
  font: ZplResolvedFont,
  measure: (text: string) => number,
  reader: ZplReader,
): FieldLine[] {
  const texts: string[] = [];
  const firstWidth = block.width;
  const restWidth = Math.max(1, block.width - block.hangingIndent);
  const paragraphs = blockParagraphs(text);
  const paragraphEnds = new Set<number>();
  for (const paragraph of paragraphs) {
    if (texts.length > MAX_BLOCK_LINES) break;
    wrap(paragraph, firstWidth, restWidth, measure, texts);
    paragraphEnds.add(texts.length - 1);
  }
  if (texts.length > MAX_BLOCK_LINES) {
    texts.length = MAX_BLOCK_LINES;
    reader.warnAt('ZPL_LIMIT', `^FB text has more than ${MAX_BLOCK_LINES} lines: the rest are skipped`);
  }
  const advance = font.heightDots + block.lineSpacing;
  const lines: FieldLine[] = [];
  texts.forEach((lineText, index) => {
    const baseline = font.baselineDots + Math.min(index, block.maxLines - 1) * advance;
    const indent = index === 0 ? 0 : block.hangingIndent;
    const room = block.width - indent;
    const width = measure(lineText);
    if (block.justify === 'J' && !paragraphEnds.has(index) && lineText.includes(' ')) {
      // Justified: the words spread so the line fills the block; each word is drawn where it lands.
      const words = lineText.split(' ').filter((word) => word !== '');
      const wordsWidth = words.reduce((sum, word) => sum + measure(word), 0);
      const gap = words.length > 1 ? (room - wordsWidth) / (words.length - 1) : 0;
      let x = indent;
      for (const word of words) {
        const wordWidth = measure(word);
        lines.push({ text: word, x, baseline, width: wordWidth });
        x += wordWidth + gap;
      }
      return;
    }
    const offset = block.justify === 'C' ? (room - width) / 2 : block.justify === 'R' ? room - width : 0;
    lines.push({ text: lineText, x: indent + offset, baseline, width });
  });
  return lines;
}

/** ^FP V (one character under the other) and R (right to left), or a gap between characters: one drawn line per character. */
function directedLines(
  text: string,
  kind: 'H' | 'V' | 'R',
  gap: number,
  font: ZplResolvedFont,
  measure: (text: string) => number,
): FieldLine[] {
  const chars = [...text];
  if (kind === 'R') chars.reverse();
  const lines: FieldLine[] = [];
  let x = 0;
  chars.forEach((char, index) => {
    const width = measure(char);
    if (kind === 'V') {
      lines.push({ text: char, x: 0, baseline: font.baselineDots + index * (font.heightDots + gap), width });
    } else {
      lines.push({ text: char, x, baseline: font.baselineDots, width });
      x += width + gap;
    }
  });
  return lines;
}

/** Characters a downloaded font has no glyph for print as its empty .notdef on a printer: named, the first few. */
function warnMissingGlyphs(reader: ZplReader, font: Font, text: string): void {
  const missing = new Set<string>();
  for (const char of text) if (!font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)) missing.add(char);
  if (missing.size === 0) return;
  const shown = [...missing]
    .slice(0, 10)
    .map((char) => JSON.stringify(char))
    .join(', ');
  reader.warnAt(
    'ZPL_FONT_GLYPH_MISSING',
    `the downloaded font has no glyph for ${shown}${missing.size > 10 ? ' …' : ''}: the printer leaves them blank`,
  );
}

/** The open field drawn as text (its data unless `text` is given), at ^FS. Nothing is drawn for empty data. */
export function closeTextField(reader: ZplReader, text = reader.fieldText()): void {
  if (text === undefined || text === '') return;
  const { field, printer } = reader;
  const request = field.font ?? printer.defaultFont;
  const font = resolveFont(reader.fonts, reader.dpmm, request, printer.defaultFont);
  if (font.substitutedBy !== undefined)
    reader.warnAt(
      'ZPL_FONT_SUBSTITUTED',
      `font ${request.name} is not built in: drawn in the default font ${font.substitutedBy} (^CF)`,
    );
  const ppd = pointsPerDot(reader.dpmm);
  const scaleX = font.scaleX;
  const measuredBy = font.measuredBy;
  const measure = measuredBy
    ? (value: string) =>
        (((measuredBy.layout(value).advanceWidth * font.fontSize) / measuredBy.unitsPerEm) * scaleX) / ppd
    : (value: string) => (reader.fonts.measure(font.fontKey, value, font.fontSize) * scaleX) / ppd;
  if (measuredBy) warnMissingGlyphs(reader, measuredBy, text);
  const block = field.block;
  const direction = field.direction;
  let lines: FieldLine[];
  let width: number;
  let height: number;
  let anchor: number;
  if (block !== undefined) {
    lines = blockLines(text, block, font, measure, reader);
    width = block.width;
    height = font.heightDots + (block.maxLines - 1) * (font.heightDots + block.lineSpacing);
    anchor = height - font.heightDots + font.baselineDots;
  } else if (direction !== undefined && (direction.kind !== 'H' || direction.gap !== 0)) {
    lines = directedLines(text, direction.kind, direction.gap, font, measure);
    const last = lines[lines.length - 1]!;
    width = direction.kind === 'V' ? Math.max(...lines.map((line) => line.width)) : last.x + last.width;
    height = last.baseline - font.baselineDots + font.heightDots;
    anchor = font.baselineDots;
  } else {
    const lineWidth = measure(text);
    lines = [{ text, x: 0, baseline: font.baselineDots, width: lineWidth }];
    width = lineWidth;
    height = font.heightDots;
    anchor = font.baselineDots;
  }
  const orientation = field.orientation ?? printer.fieldOrientation;
  const placed = placeField(reader.origin(), orientation, width, height, anchor);
  const box = placed.box;
  const laidOutLines: TextLine[] = lines.map((line) => ({
    text: line.text,
    x: (box.x + line.x) * ppd,
    baseline: (box.y + line.baseline) * ppd,
    width: line.width * ppd,
  }));
  const element: LaidOutText = {
    type: 'text',
    id: reader.newId(),
    box: { x: box.x * ppd, y: box.y * ppd, width: box.width * ppd, height: box.height * ppd },
    rotation: placed.rotation,
    fontKey: font.fontKey,
    fontSize: font.fontSize,
    // Reversed fields are painted white and blended by difference (see LaidOutElement.reverse).
    color: reader.reversed() ? '#ffffff' : '#000000',
    lines: laidOutLines,
    textAlign: block?.justify === 'C' ? 'center' : block?.justify === 'R' ? 'right' : 'left',
    lineHeight: (font.heightDots + (block?.lineSpacing ?? 0)) * ppd,
  };
  if (scaleX !== 1) element.scaleX = scaleX;
  if (font.font0) element.printerFont = '0';
  if (reader.reversed()) element.reverse = true;
  reader.add(element);
  reader.openLabel().textEnd = baselineEnd(box, placed.rotation, anchor);
  reader.openLabel().texts[element.id] = block === undefined ? { text } : { text, block };
}
