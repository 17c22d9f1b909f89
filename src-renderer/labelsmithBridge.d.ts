// The preload bridge as the renderer sees it: absent when the page is opened outside Electron.
import type { LabelsmithApi } from '../src-shared/api/ipc';

declare global {
  interface Window {
    readonly labelsmith?: LabelsmithApi;
  }
}

export {};
