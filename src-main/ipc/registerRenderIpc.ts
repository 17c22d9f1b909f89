// Connects the renderSample channel to its handler, for requests from the app's own page only.
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { IPC_CHANNELS, parseRenderSampleArgs } from '../../src-shared/api/ipc';
import { AppError } from '../../src-shared/errors';
import { isRendererUrl, type RendererEntry } from '../window/rendererEntry';
import { renderSample } from './renderSample';

class UntrustedSenderError extends AppError {
  constructor(url: string) {
    super('FORBIDDEN', 403, `IPC request from a page that is not Labelsmith's: ${url || '(unknown)'}`);
  }
}

/** Navigation is blocked already; checking the sender as well keeps a stray frame from using the bridge. */
function assertTrustedSender(event: IpcMainInvokeEvent, entry: RendererEntry): void {
  const url = event.senderFrame?.url ?? '';
  if (!isRendererUrl(url, entry)) throw new UntrustedSenderError(url);
}

export function registerRenderIpc(entry: RendererEntry): void {
  ipcMain.handle(IPC_CHANNELS.renderSample, (event, input: unknown) => {
    assertTrustedSender(event, entry);
    return renderSample(parseRenderSampleArgs(input));
  });
}
