// Which labels of a print job to reprint, as an operator writes them ("12-15", "1,3,5-7"): parsed, checked against the job, and written back short.

export type LabelSelection = { ok: true; numbers: number[]; text: string } | { ok: false; message: string };

const PART = /^(\d+)(?:\s*-\s*(\d+))?$/;

/** Consecutive numbers as ranges: [1, 3, 4, 5] is "1,3-5". */
function formatLabelNumbers(numbers: readonly number[]): string {
  const parts: string[] = [];
  for (let index = 0; index < numbers.length;) {
    const first = numbers[index] ?? 0;
    let last = first;
    while (numbers[index + 1] === last + 1) {
      index += 1;
      last += 1;
    }
    index += 1;
    parts.push(first === last ? String(first) : `${first}-${last}`);
  }
  return parts.join(',');
}

/**
 * The 1-based label numbers `text` names, among a job's `total` labels (labels × copies, in the order they print):
 * ascending, each once, whatever order or overlaps it was written in. Undefined text means every label.
 */
export function parseLabelSelection(text: string | undefined, total: number): LabelSelection {
  if (text === undefined) {
    const numbers = Array.from({ length: total }, (_, index) => index + 1);
    return { ok: true, numbers, text: formatLabelNumbers(numbers) };
  }
  if (text.trim() === '')
    return {
      ok: false,
      message: 'name at least one label, such as "12-15" or "1,3,5-7" (or leave labels out to reprint all)',
    };
  const chosen = new Set<number>();
  for (const raw of text.split(',')) {
    const part = raw.trim();
    const match = PART.exec(part);
    if (!match) return { ok: false, message: `"${part}" is not a label number or a range such as "12-15"` };
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (first < 1) return { ok: false, message: 'labels are numbered from 1' };
    if (last < first) return { ok: false, message: `"${part}" runs backwards: write "${last}-${first}"` };
    if (last > total) {
      const past = first > total ? first : last;
      return { ok: false, message: `label ${past} is past the job's last label (${total}: labels × copies)` };
    }
    for (let number = first; number <= last; number += 1) chosen.add(number);
  }
  const numbers = [...chosen].sort((a, b) => a - b);
  return { ok: true, numbers, text: formatLabelNumbers(numbers) };
}
