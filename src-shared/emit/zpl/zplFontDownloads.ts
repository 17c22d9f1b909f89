// Fonts a document sends to the printer (fonts: "download"): per face, a subset of the characters its texts use, as one ~DY each.
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { FontRegistry, LoadedFontFace } from '../../fonts/fontRegistry';
import { readTrueType, TrueTypeSubset } from '../../fonts/trueTypeSubset';
import { isQuarterTurn } from '../../layout/quarterTurn';
import type { LaidOutElement, LaidOutLabel, LaidOutText } from '../../layout/laidOutLabel';
import { z64Data } from './zplGraphic';

/** How texts in the template's own fonts reach the printer: drawn as graphics, or in the font downloaded with the job. */
export const ZPL_FONT_MODES = ['graphic', 'download'] as const;
export type ZplFontMode = (typeof ZPL_FONT_MODES)[number];

/**
 * The drive fonts are stored on: flash (E:) keeps them through a power cycle, so a job resumed after one still finds
 * the font its first labels downloaded.
 */
const FONT_DRIVE = 'E';
/** Code points a format 4 character map holds (the subset's cmap); texts beyond it are drawn as graphics. */
const LAST_BMP = 0xfffe;

/** A face's file name on the printer: family and variant, within ZPL's 8 characters ("SERIFBI"). */
function fileName(face: LoadedFontFace): string {
  const variant = face.key.slice(face.family.length + 1);
  const code = { regular: 'R', bold: 'B', italic: 'I', bolditalic: 'BI' }[variant] ?? 'R';
  return `${FONT_DRIVE}:${face.family.toUpperCase()}${code}.TTF`;
}

/** Texts at a quarter turn (other angles are graphics) that are not in the printer's own font. */
function downloadable(element: LaidOutText): boolean {
  return element.printerFont === undefined && isQuarterTurn(element.rotation);
}

interface FaceDownload {
  face: LoadedFontFace;
  /** The subsetter over the face's file, read once per document. */
  subset: TrueTypeSubset;
  /** Code point → glyph id in the subset. */
  cmap: Map<number, number>;
  name: string;
}

/** One document's downloads: every text that can print in its own font is added first, then the ~DY commands are written once. */
export class ZplFontDownloads {
  private readonly faces = new Map<FontFaceKey, FaceDownload | null>();

  constructor(private readonly fonts: FontRegistry) {}

  /** Adds every text element of the labels that can print in its downloaded font (see add). */
  static of(labels: readonly LaidOutLabel[], fonts: FontRegistry): ZplFontDownloads {
    const downloads = new ZplFontDownloads(fonts);
    for (const label of labels) for (const element of label.elements) downloads.add(element);
    return downloads;
  }

  /**
   * Takes a text whose face is a plain TrueType file, at a quarter turn (other angles are graphics), not in the printer's
   * own font, and whose every character is in the face and the BMP; its characters join the face's subset.
   */
  add(element: LaidOutElement): void {
    if (element.type !== 'text' || !downloadable(element)) return;
    const download = this.faceDownload(element.fontKey);
    if (!download) return;
    const points: number[] = [];
    for (const line of element.lines) {
      for (const char of line.text) {
        const point = char.codePointAt(0) ?? 0;
        if (point > LAST_BMP || !download.face.font.hasGlyphForCodePoint(point)) return;
        points.push(point);
      }
    }
    for (const point of points) {
      if (!download.cmap.has(point))
        download.cmap.set(point, download.subset.includeGlyph(download.face.font.glyphForCodePoint(point).id));
    }
  }

  /**
   * The font file a text prints in (`E:SERIFR.TTF`), or undefined when the text was not added: draw it as a graphic.
   * Decided by its characters, not by identity, so the white copy of a reversed text prints as its original.
   */
  fontOf(element: LaidOutText): string | undefined {
    const download = downloadable(element) ? this.faces.get(element.fontKey) : undefined;
    if (!download) return undefined;
    const complete = element.lines.every((line) =>
      [...line.text].every((char) => download.cmap.has(char.codePointAt(0) ?? 0)),
    );
    return complete ? download.name : undefined;
  }

  /** One `~DY` per face used, its subset as a TrueType file in Z64; empty when no text downloads a font. */
  commands(): string {
    const commands: string[] = [];
    for (const download of this.faces.values()) {
      if (!download || download.cmap.size === 0) continue;
      const file = download.subset.encode(download.cmap);
      const [drive, name] = download.name.replace(/\.TTF$/, '').split(':');
      // ~DYd:f,b,x,t,w,data: A (ASCII: the Z64 text), T (TrueType), the file's size; w is only for graphics.
      commands.push(`~DY${drive}:${name},A,T,${file.length},,${z64Data(file)}`);
    }
    return commands.length === 0 ? '' : `${commands.join('\n')}\n`;
  }

  private faceDownload(key: FontFaceKey): FaceDownload | null {
    let download = this.faces.get(key);
    if (download === undefined) {
      const face = this.fonts.face(key);
      const source = readTrueType(face.data);
      download = source ? { face, subset: new TrueTypeSubset(source), cmap: new Map(), name: fileName(face) } : null;
      this.faces.set(key, download);
    }
    return download;
  }
}
