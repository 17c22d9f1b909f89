// Proves the editor's engine is browser code: bundled for the browser it pulls in no Node built-in, and run in a bare
// JavaScript realm (no Buffer, process or require) it lays the samples out exactly as the server does.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundledFonts } from '@main/fonts/bundledFonts';
import { designWarnings } from '@shared/layout/designWarnings';
import { layoutLabel } from '@shared/layout/layoutLabel';
import { parseTemplate } from '@shared/model/template';
import { bundledFontList, readFontFile, readSample } from '../../test/support/engine/engineTestSupport';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

async function bundleForBrowser(entry: string, format: 'iife' | 'esm'): Promise<{ code: string; metafile: Metafile }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format,
    globalName: format === 'iife' ? 'engine' : undefined,
    write: false,
    metafile: true,
    logLevel: 'silent',
    loader: { '.css': 'empty' },
    jsx: 'automatic',
    // What Vite defines for a production build; React reads it.
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return { code: result.outputFiles[0]?.text ?? '', metafile: result.metafile };
}

/** Every import the bundle resolved, as written in the source; a Node built-in would be one of them. */
function importedPaths(metafile: Metafile): string[] {
  return Object.values(metafile.inputs).flatMap((input) =>
    input.imports.map((imported) => imported.original ?? imported.path),
  );
}

const env = { now: () => new Date('2024-05-06T07:08:09Z') };

describe('the engine in the browser', () => {
  it("bundles engine/index.ts for the browser without Node built-ins or fontkit's Node build", async () => {
    const { metafile } = await bundleForBrowser(here('./index.ts'), 'iife');
    expect(importedPaths(metafile).filter((path) => NODE_BUILTINS.has(path))).toEqual([]);
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain('node_modules/fontkit/dist/browser-module.mjs');
    expect(inputs.filter((input) => /src-shared\/emit\//.test(input))).toEqual([]);
  });

  it('lays out every sample in a realm without Buffer, process or require, exactly as the server does', async () => {
    const { code } = await bundleForBrowser(here('./index.ts'), 'iife');
    const realm = vm.createContext({ TextEncoder, TextDecoder, atob, btoa });
    vm.runInContext(code, realm);
    expect(vm.runInContext('typeof Buffer + typeof process + typeof require', realm)).toBe(
      'undefinedundefinedundefined',
    );
    // Bytes and JSON cross into the realm as its own objects, as they would arrive from fetch.
    realm.fontBytes = (file: string) => {
      const bytes = new Uint8Array(readFontFile(file));
      const buffer = vm.runInContext(`new ArrayBuffer(${bytes.byteLength})`, realm) as ArrayBuffer;
      new Uint8Array(buffer).set(bytes);
      return buffer;
    };
    realm.fontList = JSON.stringify(bundledFontList());
    const fontsReady = vm.runInContext(
      'engine.loadBrowserFonts(async (file) => fontBytes(file), JSON.parse(fontList)).then((fonts) => { globalThis.fonts = fonts; })',
      realm,
    ) as Promise<void>;
    await fontsReady;
    for (const name of ['shipping-4x6', 'asset-tag'] as const) {
      const template = readSample(name, 'template');
      const data = readSample(name, 'data');
      realm.input = JSON.stringify({ template, data });
      const laidOut = vm.runInContext(
        `(() => {
           const { template, data } = JSON.parse(input);
           return JSON.stringify(engine.createLayoutForCanvas({ env: { now: () => new Date('2024-05-06T07:08:09Z') } })(template, data, fonts));
         })()`,
        realm,
      ) as string;
      const canvas = JSON.parse(laidOut) as { label: unknown; errors: unknown[] };
      expect(canvas.errors, name).toEqual([]);
      const server = layoutLabel(parseTemplate(template), data, { fonts: bundledFonts(), env });
      const checked = {
        ...server,
        warnings: [...server.warnings, ...designWarnings(server, bundledFonts(), { targetDpi: 300 })],
      };
      expect(canvas.label, name).toEqual(JSON.parse(JSON.stringify(checked)));
    }
  });

  it('bundles the whole renderer for the browser without Node built-ins', async () => {
    const { metafile } = await bundleForBrowser(here('../main.tsx'), 'esm');
    expect(importedPaths(metafile).filter((path) => NODE_BUILTINS.has(path))).toEqual([]);
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toEqual(expect.arrayContaining(['node_modules/fontkit/dist/browser-module.mjs']));
  });
});
