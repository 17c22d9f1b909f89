// A loaded sheet seen through the template: its fields, the column each one comes from (saved, else suggested), and the records so mapped.
import type { LabelData } from '@shared/layout/layoutLabel';
import type { Template } from '@shared/model/template';
import { effectiveColumnMap, templateFields } from '@shared/records/columnMap';
import { shapeRecords } from '@shared/records/recordValues';
import type { LoadedSheet } from './sheetSlice';
import type { TemplateDraft } from './templateDraft';

/** The draft's fields; an expression being typed may not parse yet, and then its element adds none. */
export function draftFields(template: TemplateDraft): string[] {
  const fields = new Set<string>();
  for (const element of template.elements) {
    try {
      for (const field of templateFields({ elements: [element], prompts: template.prompts } as Template))
        fields.add(field);
    } catch {
      // Not a field list until the expression parses.
    }
  }
  return [...fields];
}

/** What a mapping needs of a sheet (the Data tab's, or a file the print dialog reads): its columns and records. */
export type MappableTable = Pick<LoadedSheet, 'columns' | 'records'>;

/** [field, column] pairs: the saved mapping where the sheet has its column, else a column suggested by name. */
export function sheetColumnMap(
  fields: readonly string[],
  columnMap: Readonly<Record<string, string>> | undefined,
  sheet: MappableTable,
): [string, string][] {
  return effectiveColumnMap({ fields, columns: sheet.columns, saved: columnMap });
}

/** The sheet's records with the mapped fields filled, as a print sends them. */
export function mappedRecords(
  fields: readonly string[],
  columnMap: Readonly<Record<string, string>> | undefined,
  sheet: MappableTable,
): LabelData[] {
  return shapeRecords(sheet.records, sheetColumnMap(fields, columnMap, sheet), []);
}
