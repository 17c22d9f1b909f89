// electron-vite build of the desktop app: main process (with the render worker), sandboxed preload and the React renderer, into out/{main,preload,renderer}.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { codeRootAliases } from './src-main/build/codeRootAliases';
import { sqlText } from './src-main/build/sqlTextPlugin';
import { portFromEnvironment } from './src-main/server/serverConfig';

const root = import.meta.dirname;
/** The render pool looks for this file next to the main bundle (renderWorkerPath): the desktop build carries its own. */
const RENDER_WORKER_ENTRY = 'render/renderWorker';

/**
 * In development the page comes from Vite's dev server, which hands the editor's API and files on to the server the
 * desktop app starts (on LABELSMITH_PORT or 8425); changeOrigin makes the Host the server's own, which it accepts.
 */
const serverPaths = ['/api', '/v1', '/health', '/editor-assets'];

/**
 * Libraries in chunks of their own, named for what they are: they change less often than the app's code, so a new
 * build leaves them cached, and each is fetched only by the pages that import it (the lazy pages and panels in the
 * renderer decide when). A group takes only its own packages, so no group pulls a lazy library into an eager chunk.
 */
const VENDOR_CHUNKS: { name: string; packages: string[] }[] = [
  { name: 'vendor-react', packages: ['react', 'react-dom', 'scheduler', 'zustand'] },
  { name: 'vendor-zod', packages: ['zod'] },
  { name: 'vendor-konva', packages: ['konva', 'react-konva', 'react-reconciler', 'its-fine'] },
  {
    name: 'vendor-fontkit',
    packages: [
      'fontkit',
      'brotli',
      'restructure',
      'unicode-properties',
      'unicode-trie',
      'tiny-inflate',
      'dfa',
      'clone',
      'fast-deep-equal',
      'linebreak',
      'base64-js',
      '@swc/helpers',
    ],
  },
  { name: 'vendor-barcode', packages: ['bwip-js', 'qrcode', 'dijkstrajs'] },
  { name: 'vendor-sheets', packages: ['@e965/xlsx', 'csv-parse'] },
];
const vendorGroups = VENDOR_CHUNKS.map(({ name, packages }) => ({
  name,
  test: new RegExp(
    `[\\\\/]node_modules[\\\\/](${packages.map((pkg) => pkg.replace('/', '[\\\\/]')).join('|')})[\\\\/]`,
  ),
}));
const devProxy = Object.fromEntries(
  serverPaths.map((path) => [path, { target: `http://127.0.0.1:${portFromEnvironment()}`, changeOrigin: true }]),
);

export default defineConfig({
  main: {
    // The main process opens the store, whose migrations are imported as text.
    plugins: [sqlText()],
    resolve: { alias: codeRootAliases(root) },
    build: {
      outDir: resolve(root, 'out/main'),
      // Dependencies stay in node_modules and are loaded at run time, as for the CLI bundle (the default, stated).
      externalizeDeps: true,
      rolldownOptions: {
        input: {
          index: resolve(root, 'src-main/index.ts'),
          [RENDER_WORKER_ENTRY]: resolve(root, 'src-main/render/renderWorker.ts'),
        },
        // The worker keeps the .mjs name the pool looks for; the entry stays index.js, package.json's "main".
        output: { entryFileNames: (chunk) => (chunk.name === RENDER_WORKER_ENTRY ? '[name].mjs' : '[name].js') },
      },
    },
  },
  preload: {
    resolve: { alias: codeRootAliases(root) },
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
    plugins: [react()],
    resolve: { alias: codeRootAliases(root) },
    server: { proxy: devProxy },
    build: {
      outDir: resolve(root, 'out/renderer'),
      // electron-vite leaves the renderer unminified by default; the same files are served to browsers, where the bytes
      // fetched and parsed before the first paint count (README, bench: editor first paint).
      minify: true,
      rolldownOptions: {
        input: { index: resolve(root, 'src-renderer/index.html') },
        output: { codeSplitting: { groups: vendorGroups } },
      },
    },
  },
});
