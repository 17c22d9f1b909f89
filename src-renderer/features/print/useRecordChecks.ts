// Checks every record of a print in slices between frames, so thousands of records never freeze the dialog: progress while it runs, then the warnings and the records the job would refuse.
import { useEffect, useState } from 'react';
import type { FontRegistry } from '@shared/fonts/fontRegistry';
import { validateTemplate } from '@shared/model/template';
import type { ListedWarning } from '../../editor/WarningList';
import {
  checkRecords,
  listedWarnings,
  type PrintTarget,
  type RecordWarning,
  type UnprintableRecord,
} from './printChecks';

/** Records laid out between two yields to the browser: about a frame's work for a small label. */
const RECORDS_PER_SLICE = 100;

export type RecordChecks =
  | { status: 'checking'; checked: number; total: number }
  | { status: 'done'; total: number; warnings: ListedWarning[]; unprintable: UnprintableRecord[] };

/** `fonts` undefined: not loaded yet, so nothing is checked. A template that does not validate has nothing to check: the job's own answer says why. */
export function useRecordChecks(
  template: unknown,
  records: readonly unknown[],
  numbers: readonly number[],
  fonts: FontRegistry | undefined,
  printer: PrintTarget | undefined,
): RecordChecks {
  const [checks, setChecks] = useState<RecordChecks>({ status: 'checking', checked: 0, total: records.length });
  const dpi = printer?.dpi;
  const margin = printer?.unprintableMargin;
  useEffect(() => {
    const validation = validateTemplate(template);
    if (!fonts || !validation.ok) {
      setChecks(
        fonts
          ? { status: 'done', total: records.length, warnings: [], unprintable: [] }
          : { status: 'checking', checked: 0, total: records.length },
      );
      return;
    }
    const target = dpi === undefined ? undefined : { dpi, unprintableMargin: margin ?? null };
    const warnings: RecordWarning[] = [];
    const unprintable: UnprintableRecord[] = [];
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = (): void => {
      const found = checkRecords(validation.template, records, numbers, fonts, target, next, next + RECORDS_PER_SLICE);
      warnings.push(...found.warnings);
      unprintable.push(...found.unprintable);
      next += RECORDS_PER_SLICE;
      if (next < records.length) {
        setChecks({ status: 'checking', checked: next, total: records.length });
        timer = setTimeout(slice, 0);
      } else {
        setChecks({ status: 'done', total: records.length, warnings: listedWarnings(warnings), unprintable });
      }
    };
    slice();
    return () => clearTimeout(timer);
  }, [template, records, numbers, fonts, dpi, margin]);
  return checks;
}
