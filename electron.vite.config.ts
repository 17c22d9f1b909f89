// electron-vite build of the desktop app: main process, sandboxed preload and the React renderer, into out/{main,preload,renderer}.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { contentSecurityPolicy } from './src-main/window/contentSecurityPolicy';

const root = import.meta.dirname;

/**
 * Writes the built app's policy into index.html: the file:// page cannot count on a response header. Build only,
 * because the dev server's page needs the looser development policy, which main sends as a header.
 */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'labelsmith:csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy() }, injectTo: 'head-prepend' },
    ],
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // Dependencies stay in node_modules and are loaded at run time, as for the CLI bundle (the default, stated).
      externalizeDeps: true,
      rolldownOptions: { input: { index: resolve(root, 'src-main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // A sandboxed preload can require only 'electron' and a few built-ins, never node_modules: bundle everything.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src-main/preload/index.ts') },
        // Sandboxed preloads cannot be ES modules; .cjs keeps Node from reading it as one under "type": "module".
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src-renderer'),
    plugins: [react(), contentSecurityPolicyMeta()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: { input: { index: resolve(root, 'src-renderer/index.html') } },
    },
  },
});
