// Breaks text into lines no wider than a width, at Unicode (UAX #14) break opportunities; over-long words break between characters.
import LineBreaker from 'linebreak';

export type MeasureWidth = (text: string) => number;

/** Breaks one paragraph (no newlines) greedily; returns at least one line (possibly empty). */
function breakParagraph(paragraph: string, maxWidth: number, measure: MeasureWidth): string[] {
  // Most of a label's texts fit their box whole: shaped once, not once more at each break opportunity (a shaping of
  // each longer prefix, which a new parcel's name and street pay at every label).
  const whole = paragraph.trimEnd();
  if (measure(whole) <= maxWidth) return [whole];
  const lines: string[] = [];
  const fits = (from: number, to: number): boolean => measure(paragraph.slice(from, to).trimEnd()) <= maxWidth;
  const breaker = new LineBreaker(paragraph);
  let lineStart = 0;
  // End of the longest run from lineStart, ending at a break opportunity, that fits the width.
  let fitEnd = 0;
  for (let next = breaker.nextBreak(); next; next = breaker.nextBreak()) {
    if (fits(lineStart, next.position)) {
      fitEnd = next.position;
      continue;
    }
    if (fitEnd > lineStart) {
      lines.push(paragraph.slice(lineStart, fitEnd).trimEnd());
      lineStart = fitEnd;
    }
    if (!fits(lineStart, next.position)) {
      lineStart = breakLongWord(paragraph, lineStart, next.position, maxWidth, measure, lines);
    }
    // What is left of the word fits: by construction of breakLongWord, or by the check above.
    fitEnd = next.position;
  }
  const rest = paragraph.slice(lineStart).trimEnd();
  if (rest !== '' || lines.length === 0) lines.push(rest);
  return lines;
}

/**
 * Splits paragraph[start, end) (one word wider than the box) between characters, pushing full lines;
 * returns where the unfinished remainder starts.
 */
function breakLongWord(
  paragraph: string,
  start: number,
  end: number,
  maxWidth: number,
  measure: MeasureWidth,
  lines: string[],
): number {
  const characters = Array.from(paragraph.slice(start, end));
  let line = '';
  let consumed = start;
  for (const character of characters) {
    if (line !== '' && measure((line + character).trimEnd()) > maxWidth) {
      lines.push(line.trimEnd());
      consumed += line.length;
      line = '';
    }
    line += character;
  }
  return consumed;
}

/** Breaks text at newlines and at the width; each returned line is trimmed at its end. */
export function breakLines(text: string, maxWidth: number, measure: MeasureWidth): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .split('\n')
    .flatMap((paragraph) => breakParagraph(paragraph, maxWidth, measure));
}
