// "Import JSON": a template file picked from disk becomes a new draft (the server checks it like any template).
import type { EditorTemplate } from '@shared/api/editorApi';
import { client } from '../../api/appClient';
import { describeError } from '../../api/apiError';
import { openTemplateFile } from '../../api/fileTransfer';
import { editorStore } from '../../store';

/** The parsed file, or an error message a person can act on. */
export function parseTemplateFile(text: string, fileName: string): { content: unknown } | { error: string } {
  try {
    return { content: JSON.parse(text) };
  } catch (error) {
    return { error: `${fileName} is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Asks for a file (the app's dialog or the browser's picker) and imports it; call it straight from a click or a menu. */
export async function importTemplateFile(onImported: (template: EditorTemplate) => void): Promise<void> {
  const { showNotice } = editorStore.getState();
  let file;
  try {
    file = await openTemplateFile();
  } catch (error) {
    showNotice('error', `Could not read the file: ${describeError(error)}`);
    return;
  }
  if (!file) return;
  const parsed = parseTemplateFile(file.text, file.fileName);
  if ('error' in parsed) {
    showNotice('error', parsed.error);
    return;
  }
  try {
    const template = await client.importTemplate(parsed.content);
    showNotice('info', `Imported “${template.name}”.`);
    onImported(template);
  } catch (error) {
    showNotice('error', `Could not import ${file.fileName}: ${describeError(error)}`);
  }
}

export function ImportButton({ onImported }: { onImported(template: EditorTemplate): void }) {
  return (
    <button type="button" onClick={() => void importTemplateFile(onImported)}>
      Import JSON
    </button>
  );
}
