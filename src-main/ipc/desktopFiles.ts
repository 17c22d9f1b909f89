// The file work behind the bridge's dialogs, without Electron: reading a chosen template file, the dialogs' filters, the save path.
import { readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { BadRequestError } from '@shared/errors';
import { MAX_TEMPLATE_FILE_BYTES, type OpenedTemplateFile } from '@shared/api/ipc';
import type { OutputFormat } from '@shared/render/outputFormats';

/** Electron's FileFilter, structurally: kept here so this module needs no Electron. */
export interface FileFilter {
  name: string;
  extensions: string[];
}

const OUTPUT_FILTERS: Record<OutputFormat, FileFilter> = {
  pdf: { name: 'PDF document', extensions: ['pdf'] },
  png: { name: 'PNG image', extensions: ['png'] },
  zpl: { name: 'ZPL printer code', extensions: ['zpl', 'txt'] },
  html: { name: 'HTML page', extensions: ['html', 'htm'] },
};
export const TEMPLATE_FILTER: FileFilter = { name: 'Label template', extensions: ['json'] };

/** The dialog offers the file's own kind first, and any file after it. */
export function dialogFilters(kind: 'template' | OutputFormat): FileFilter[] {
  return [kind === 'template' ? TEMPLATE_FILTER : OUTPUT_FILTERS[kind], { name: 'All files', extensions: ['*'] }];
}

/** The save dialog starts in `folder` with the page's suggested name (a bare file name: the schema refused folders). */
export function suggestedPath(folder: string, suggestedName: string): string {
  return join(folder, basename(suggestedName));
}

/** The chosen file's text; a file too large to be a template is refused before it is read. */
export async function readTemplateFile(path: string): Promise<OpenedTemplateFile> {
  const { size } = await stat(path);
  const fileName = basename(path);
  if (size > MAX_TEMPLATE_FILE_BYTES) {
    throw new BadRequestError(`${fileName} is ${(size / 1024 / 1024).toFixed(1)} MB: a template file is at most 1 MB`);
  }
  return { fileName, text: await readFile(path, 'utf8') };
}
