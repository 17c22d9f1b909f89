// What a print would warn of and which records it would refuse, found before it is sent: each record's label laid out for the chosen printer, as the job lays it out.
import { asRenderFailure } from '@shared/errors';
import type { FontRegistry } from '@shared/fonts/fontRegistry';
import { designWarnings, uniqueDesignWarnings } from '@shared/layout/designWarnings';
import type { RenderWarning } from '@shared/layout/laidOutLabel';
import { layoutLabel, type LabelData } from '@shared/layout/layoutLabel';
import type { Template } from '@shared/model/template';
import { DEFAULT_ZPL_DPI } from '@shared/render/outputFormats';
import { lengthUnitOf } from '@shared/units/length';
import type { ListedWarning } from '../../editor/WarningList';
import { issueElementIds } from '../../editor/layoutIssues';
import { designTarget } from '../../editor/target/canvasTarget';

/** Records whose warnings are listed: enough to meet what varies with the data, few enough to read. Every record is checked for failures. */
export const WARNED_RECORDS = 100;

/** The printer the labels are checked for: its resolution and unprintable margin ("1mm", or null for none). */
export interface PrintTarget {
  dpi: number;
  unprintableMargin: string | null;
}

/** A record the job would refuse: its number and the job's own message (naming the element and what to fix). */
export interface UnprintableRecord {
  number: number;
  message: string;
}

/** A warning of one record's label, with the record's number. */
export type RecordWarning = RenderWarning & { record: number };

/** What checking some records found. */
export interface RecordFindings {
  warnings: RecordWarning[];
  unprintable: UnprintableRecord[];
}

const isRecord = (value: unknown): value is LabelData =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Lays out the records `from` to `to` (indexes into `records`, numbered by `numbers`) as /v1/print does: a record whose
 * label cannot be drawn is unprintable with the message the job would give ("record 3: barcode …"); the others give
 * their warnings (design warnings and their own, for the first WARNED_RECORDS records).
 */
export function checkRecords(
  template: Template,
  records: readonly unknown[],
  numbers: readonly number[],
  fonts: FontRegistry,
  printer: PrintTarget | undefined,
  from: number,
  to: number,
): RecordFindings {
  const targetDpi = printer?.dpi ?? DEFAULT_ZPL_DPI;
  const target = designTarget(
    targetDpi,
    printer?.unprintableMargin ?? null,
    lengthUnitOf(template.dimensions.width) ?? 'mm',
  );
  const findings: RecordFindings = { warnings: [], unprintable: [] };
  for (let index = from; index < Math.min(to, records.length); index++) {
    const record = records[index];
    const number = numbers[index] ?? index + 1;
    // A record that is not an object is refused by the job's plan, which the dialog shows already.
    if (!isRecord(record)) continue;
    try {
      const label = layoutLabel(template, record, { fonts, targetDpi, warnMissingFields: true });
      if (index < WARNED_RECORDS)
        findings.warnings.push(
          ...[...label.warnings, ...designWarnings(label, fonts, target)].map((warning) => ({
            ...warning,
            record: number,
          })),
        );
    } catch (error) {
      findings.unprintable.push({ number, message: `record ${number}: ${asRenderFailure(error).message}` });
    }
  }
  return findings;
}

/** The warnings as the dialog lists them: design warnings once per element (with the first record that shows them), a record's own per record. */
export function listedWarnings(warnings: RecordWarning[]): ListedWarning[] {
  return uniqueDesignWarnings(warnings).map((warning) => ({
    message: warning.message,
    elementIds: issueElementIds(warning),
    record: warning.record,
  }));
}
