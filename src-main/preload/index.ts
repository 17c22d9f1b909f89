// The preload bridge: exposes `window.labelsmith`, the renderer's only way into the main process.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  IPC_CHANNELS,
  isMenuCommand,
  type AppInfo,
  type LabelsmithApi,
  type MenuCommand,
  type OpenedTemplateFile,
  type SavedFile,
} from '@shared/api/ipc';

// Functions only, never ipcRenderer itself: the page gets exactly these capabilities and nothing it could abuse.
const api: LabelsmithApi = {
  openTemplateFile: () => ipcRenderer.invoke(IPC_CHANNELS.openTemplateFile) as Promise<OpenedTemplateFile | null>,
  saveTemplateFile: (suggestedName, text) =>
    ipcRenderer.invoke(IPC_CHANNELS.saveTemplateFile, { suggestedName, text }) as Promise<SavedFile | null>,
  saveOutputFile: (suggestedName, format, bytes) =>
    ipcRenderer.invoke(IPC_CHANNELS.saveOutputFile, { suggestedName, format, bytes }) as Promise<SavedFile | null>,
  appInfo: () => ipcRenderer.invoke(IPC_CHANNELS.appInfo) as Promise<AppInfo>,
  onMenuCommand: (listener) => {
    // The page's listener gets the command only, never the IPC event (whose sender would reach back into Electron).
    const forward = (_event: IpcRendererEvent, command: unknown) => {
      if (isMenuCommand(command)) listener(command satisfies MenuCommand);
    };
    ipcRenderer.on(IPC_CHANNELS.menuCommand, forward);
    return () => ipcRenderer.off(IPC_CHANNELS.menuCommand, forward);
  },
};

contextBridge.exposeInMainWorld('labelsmith', api);
