// Test support for the html fonts: the faces a document embeds, read back, and the characters a label draws per face.
import type { FontFaceKey } from '@shared/fonts/fontFaces';
import type { FontRegistry } from '@shared/fonts/fontRegistry';
import type { LaidOutLabel, TextRun } from '@shared/layout/laidOutLabel';

export interface EmbeddedFont {
  key: FontFaceKey;
  mediaType: string;
  format: string;
  bytes: Buffer;
}

const FONT_FACE =
  /@font-face\{font-family:"ls-([^"]+)";src:url\(data:([^;]+);base64,([A-Za-z0-9+/=]*)\) format\("([^"]+)"\);[^}]*\}/g;

/** Every @font-face of the document, in order. */
export function embeddedFonts(html: string): EmbeddedFont[] {
  return [...html.matchAll(FONT_FACE)].map((match) => ({
    key: match[1] as FontFaceKey,
    mediaType: match[2]!,
    format: match[4]!,
    bytes: Buffer.from(match[3]!, 'base64'),
  }));
}

/** The document with each embedded subset replaced by the whole face it came from: what the html was before subsetting. */
export function withWholeFaces(html: string, fonts: FontRegistry): string {
  return html.replace(FONT_FACE, (_rule, key: FontFaceKey) => {
    const base64 = Buffer.from(fonts.face(key).data).toString('base64');
    return `@font-face{font-family:"ls-${key}";src:url(data:font/ttf;base64,${base64}) format("truetype");font-display:block}`;
  });
}

/** The characters each face draws on the labels: their texts and barcodes' human-readable lines. */
export function charactersByFace(labels: readonly LaidOutLabel[]): Map<FontFaceKey, Set<string>> {
  const byFace = new Map<FontFaceKey, Set<string>>();
  const add = (run: TextRun): void => {
    const characters = byFace.get(run.fontKey) ?? new Set<string>();
    for (const line of run.lines) for (const char of line.text) characters.add(char);
    byFace.set(run.fontKey, characters);
  };
  for (const label of labels) {
    for (const element of label.elements) {
      if (element.type === 'text') add(element);
      if (element.type === 'barcode' && element.humanReadable) add(element.humanReadable);
    }
  }
  return byFace;
}
