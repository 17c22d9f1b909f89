// Connects the bridge's channels to native dialogs and files, for requests from the app's own page only, every argument checked.
import { app, BrowserWindow, dialog, ipcMain, type IpcMainInvokeEvent } from 'electron';
import {
  IPC_CHANNELS,
  noArgsSchema,
  parseIpcArgs,
  saveOutputFileArgsSchema,
  saveTemplateFileArgsSchema,
  type AppInfo,
  type OpenedTemplateFile,
  type SavedFile,
} from '@shared/api/ipc';
import { AppError } from '@shared/errors';
import { writeFileAtomically } from '../files/writeOutput';
import { isRendererUrl, type RendererEntry } from '../window/rendererEntry';
import { dialogFilters, readTemplateFile, suggestedPath } from './desktopFiles';

class UntrustedSenderError extends AppError {
  constructor(url: string) {
    super('FORBIDDEN', 403, `IPC request from a page that is not Labelsmith's: ${url || '(unknown)'}`);
  }
}

/** Navigation is blocked already; checking the sender as well keeps a stray frame from using the bridge. */
function trustedWindow(event: IpcMainInvokeEvent, entry: RendererEntry): BrowserWindow | undefined {
  const url = event.senderFrame?.url ?? '';
  if (!isRendererUrl(url, entry)) throw new UntrustedSenderError(url);
  return BrowserWindow.fromWebContents(event.sender) ?? undefined;
}

async function chooseSavePath(
  window: BrowserWindow | undefined,
  suggestedName: string,
  kind: Parameters<typeof dialogFilters>[0],
): Promise<string | undefined> {
  const options = { defaultPath: suggestedPath(app.getPath('documents'), suggestedName), filters: dialogFilters(kind) };
  const choice = await (window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options));
  return choice.canceled ? undefined : choice.filePath;
}

function save(path: string | undefined, bytes: Uint8Array): SavedFile | null {
  if (path === undefined) return null;
  writeFileAtomically(path, bytes);
  return { path };
}

export function registerDesktopIpc(entry: RendererEntry, info: AppInfo): void {
  ipcMain.handle(IPC_CHANNELS.openTemplateFile, async (event, input: unknown): Promise<OpenedTemplateFile | null> => {
    const window = trustedWindow(event, entry);
    parseIpcArgs(noArgsSchema, IPC_CHANNELS.openTemplateFile, input);
    const options = { properties: ['openFile' as const], filters: dialogFilters('template') };
    const choice = await (window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options));
    const [path] = choice.filePaths;
    return choice.canceled || path === undefined ? null : readTemplateFile(path);
  });
  ipcMain.handle(IPC_CHANNELS.saveTemplateFile, async (event, input: unknown): Promise<SavedFile | null> => {
    const window = trustedWindow(event, entry);
    const args = parseIpcArgs(saveTemplateFileArgsSchema, IPC_CHANNELS.saveTemplateFile, input);
    return save(await chooseSavePath(window, args.suggestedName, 'template'), Buffer.from(args.text, 'utf8'));
  });
  ipcMain.handle(IPC_CHANNELS.saveOutputFile, async (event, input: unknown): Promise<SavedFile | null> => {
    const window = trustedWindow(event, entry);
    const args = parseIpcArgs(saveOutputFileArgsSchema, IPC_CHANNELS.saveOutputFile, input);
    return save(await chooseSavePath(window, args.suggestedName, args.format), args.bytes);
  });
  ipcMain.handle(IPC_CHANNELS.appInfo, (event, input: unknown): AppInfo => {
    trustedWindow(event, entry);
    parseIpcArgs(noArgsSchema, IPC_CHANNELS.appInfo, input);
    return info;
  });
}
