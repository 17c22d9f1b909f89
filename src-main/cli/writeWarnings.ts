// Render warnings on stderr, one a line, naming the record by its number in the file (1-based) and the element.
import type { RenderWarning } from '@shared/layout/laidOutLabel';

export function writeWarnings(warnings: readonly (RenderWarning & { record?: number })[]): void {
  for (const warning of warnings) {
    const record = warning.record === undefined ? '' : `record ${warning.record}: `;
    process.stderr.write(
      `warning: ${record}${warning.elementId ? `element "${warning.elementId}": ` : ''}${warning.message} (${warning.code})\n`,
    );
  }
}
