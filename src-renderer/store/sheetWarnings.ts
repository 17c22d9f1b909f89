// Fields a sheet's records leave empty, named by 1-based record number: the data panel lists them before anyone prints.
import { isMissing } from '@shared/expr';
import type { LabelData } from '@shared/layout/layoutLabel';
import { valueAt } from '@shared/records/recordValues';

export interface MissingField {
  /** 1-based, as the operator counts records (and as --range takes them). */
  record: number;
  field: string;
}

/** Each (record, field) the mapped records leave absent, null or empty, in record order. */
export function missingFields(records: readonly LabelData[], fields: readonly string[]): MissingField[] {
  return records.flatMap((record, index) =>
    fields.filter((field) => isMissing(valueAt(record, field))).map((field) => ({ record: index + 1, field })),
  );
}
