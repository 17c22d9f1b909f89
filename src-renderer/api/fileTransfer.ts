// Opening and saving files: the desktop bridge's native dialogs inside the app, the browser's file picker and downloads otherwise.
import type { OpenedTemplateFile } from '@shared/api/ipc';
import type { OutputFormat } from '@shared/render/outputFormats';
import { saveBlob } from '../ui/download';

/** `path` is where the desktop app wrote the file; a browser download has none to tell. Null: the user cancelled. */
export type SavedTo = { path: string | null } | null;

/**
 * Asks for a template JSON file: a native dialog in the app, else the browser's file picker. Call it straight from a
 * click: browsers open their picker only while handling the user's gesture. Null when the user cancels.
 */
export function openTemplateFile(): Promise<OpenedTemplateFile | null> {
  const bridge = window.labelsmith;
  if (bridge) return bridge.openTemplateFile();
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'application/json,.json';
    input.hidden = true;
    const finish = (file: File | undefined) => {
      input.remove();
      if (!file) return resolve(null);
      file.text().then(
        (text) => resolve({ fileName: file.name, text }),
        () => resolve(null),
      );
    };
    input.addEventListener('change', () => finish(input.files?.[0]), { once: true });
    input.addEventListener('cancel', () => finish(undefined), { once: true });
    document.body.append(input);
    input.click();
  });
}

/** Saves a template's JSON under `fileName`: the app asks where, the browser downloads it. */
export async function saveTemplateFile(fileName: string, file: Blob): Promise<SavedTo> {
  const bridge = window.labelsmith;
  if (!bridge) return download(file, fileName);
  return bridge.saveTemplateFile(fileName, await file.text());
}

/** Saves exactly the bytes of a rendered output. */
export async function saveOutputFile(fileName: string, format: OutputFormat, file: Blob): Promise<SavedTo> {
  const bridge = window.labelsmith;
  if (!bridge) return download(file, fileName);
  return bridge.saveOutputFile(fileName, format, new Uint8Array(await file.arrayBuffer()));
}

function download(file: Blob, fileName: string): SavedTo {
  saveBlob(file, fileName);
  return { path: null };
}

/** The notice after a save: the app names the file it wrote; a browser shows its own download. */
export function savedNotice(saved: SavedTo, what: string): string | undefined {
  return saved?.path ? `Saved ${what} to ${saved.path}.` : undefined;
}
