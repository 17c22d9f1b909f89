// Render warnings on stderr, one a line, naming the record by its number in the file (1-based) and the element.
import type { RenderWarning } from '../../src-shared/layout/laidOutLabel';

/** `firstNumber`: the file's number of the batch's record 1 (a --range starting at 40 makes the batch's record 1 the file's 40). */
export function writeWarnings(warnings: readonly (RenderWarning & { record?: number })[], firstNumber = 1): void {
  for (const warning of warnings) {
    const record = warning.record === undefined ? '' : `record ${warning.record + firstNumber - 1}: `;
    process.stderr.write(`warning: ${record}${warning.elementId ? `element "${warning.elementId}": ` : ''}${warning.message} (${warning.code})\n`);
  }
}
