// The preload bridge: exposes `window.labelsmith`, the renderer's only way into the main process.
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNELS, type LabelsmithApi, type RenderSampleResult } from '../../src-shared/api/ipc';

// Functions only, never ipcRenderer itself: the page gets exactly these capabilities and nothing it could abuse.
const api: LabelsmithApi = {
  renderSample: (name, format) => ipcRenderer.invoke(IPC_CHANNELS.renderSample, { name, format }) as Promise<RenderSampleResult>,
};

contextBridge.exposeInMainWorld('labelsmith', api);
