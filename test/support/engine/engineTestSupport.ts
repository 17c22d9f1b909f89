// Test helpers: the bundled fonts as the server's font list would describe them, served from resources/fonts.
import { readFileSync } from 'node:fs';
import { readBundledFontSources, resourcesDir } from '@main/fonts/bundledFonts';
import { faceKey } from '@shared/fonts/fontFaces';
import type { FontRegistry } from '@shared/fonts/fontRegistry';
import { loadBrowserFonts, type FontListEntry } from '@renderer/engine/browserFonts';

export function bundledFontList(): FontListEntry[] {
  return readBundledFontSources().map(({ family, weight, style, fileName }) => ({
    key: faceKey(family, weight, style),
    family,
    weight,
    style,
    file: fileName,
    url: `/editor-assets/fonts/${fileName}`,
  }));
}

export function readFontFile(file: string): ArrayBuffer {
  const bytes = readFileSync(`${resourcesDir()}/fonts/${file}`);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

let fonts: Promise<FontRegistry> | undefined;

/** The registry the editor would build, shared by a test file's tests. */
export function browserFonts(): Promise<FontRegistry> {
  fonts ??= loadBrowserFonts(async (file) => readFontFile(file), bundledFontList());
  return fonts;
}

export function readSample(name: 'shipping-4x6' | 'asset-tag', kind: 'template' | 'data'): Record<string, unknown> {
  return JSON.parse(readFileSync(`${resourcesDir()}/samples/${name}.${kind}.json`, 'utf8')) as Record<string, unknown>;
}
