// What a print would warn of, before it is sent: each record's label laid out for the chosen printer, with the design check.
import type { FontRegistry } from '@shared/fonts/fontRegistry';
import { designWarnings, uniqueDesignWarnings } from '@shared/layout/designWarnings';
import { layoutLabel, type LabelData } from '@shared/layout/layoutLabel';
import { validateTemplate } from '@shared/model/template';
import { DEFAULT_ZPL_DPI } from '@shared/render/outputFormats';
import type { ListedWarning } from '../../editor/WarningList';
import { issueElementIds } from '../../editor/layoutIssues';
import { designTarget } from '../../editor/target/canvasTarget';

/** Records laid out in the dialog: enough to meet what varies with the data, few enough to stay instant as the form changes. */
export const CHECKED_RECORDS = 100;

/** The printer the labels are checked for: its resolution and unprintable margin ("1mm", or null for none). */
export interface PrintTarget {
  dpi: number;
  unprintableMargin: string | null;
}

const isRecord = (value: unknown): value is LabelData => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The warnings the job would answer with, as /v1/print computes them: design warnings once per element (with the first
 * record that shows them), a record's own (text that does not fit, a missing field) per record. A record whose label
 * cannot be drawn is left to the server, which refuses the job naming it.
 */
export function printWarnings(template: unknown, records: readonly unknown[], fonts: FontRegistry, printer: PrintTarget | undefined, firstNumber = 1): ListedWarning[] {
  const validation = validateTemplate(template);
  if (!validation.ok) return [];
  const targetDpi = printer?.dpi ?? DEFAULT_ZPL_DPI;
  const target = designTarget(targetDpi, printer?.unprintableMargin ?? null);
  const warnings = records.slice(0, CHECKED_RECORDS).flatMap((record, index) => {
    if (!isRecord(record)) return [];
    try {
      const label = layoutLabel(validation.template, record, { fonts, targetDpi, warnMissingFields: true });
      return [...label.warnings, ...designWarnings(label, fonts, target)].map((warning) => ({ ...warning, record: firstNumber + index }));
    } catch {
      return [];
    }
  });
  return uniqueDesignWarnings(warnings).map((warning) => ({ message: warning.message, elementIds: issueElementIds(warning), record: warning.record }));
}
