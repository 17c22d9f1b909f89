// The printer's fonts as the reader draws them: font 0 as condensed Liberation Sans Bold, bitmap fonts A–H as Liberation Mono Bold in their cells.
import type { FontFaceKey } from '../../fonts/fontFaces';
import type { Font } from 'fontkit';
import type { FontRegistry } from '../../fonts/fontRegistry';
import { ZPL_MAX_DOTS } from '../../elements/text/zplText';
import { font0Run } from '../../fonts/printerFont0';
import { pointsPerDot, type ZplDpmm } from './zplField';
import type { ZplDownloadedFont, ZplFontRequest } from './zplReader';

/**
 * Font 0's baseline below the top of its ^FO cell, as a share of the ^A height: capitals take 0.75 of the height
 * (FONT0_CAP_HEIGHT, shared with the writer) with a little leading above them; descenders use the rest below.
 */
export const FONT0_BASELINE = 0.8;
/** Font 0's height when neither ^A nor ^CF gave one (Zebra's documented default). */
const FONT0_DEFAULT_DOTS = 15;
/** The largest magnification of a bitmap font (Zebra ZPL manual, ^A). */
const MAX_MAGNIFICATION = 10;

/** A bitmap font's cell in dots: character height and width, the gap after each character, the baseline below the cell top. */
interface BitmapCell {
  height: number;
  width: number;
  gap: number;
  baseline: number;
}

/**
 * The built-in bitmap fonts at 6 and 8 dpmm: the ZPL guide's font matrix table (height x width and inter-character
 * gap, in dots). A character advances its width and gap, so "ABC" in font D is 3 x 12 = 36 dots, not 30.
 */
const BITMAP_CELLS: Record<string, BitmapCell> = {
  A: { height: 9, width: 5, gap: 1, baseline: 7 },
  B: { height: 11, width: 7, gap: 2, baseline: 11 },
  C: { height: 18, width: 10, gap: 2, baseline: 14 },
  D: { height: 18, width: 10, gap: 2, baseline: 14 },
  E: { height: 28, width: 15, gap: 5, baseline: 23 },
  F: { height: 26, width: 13, gap: 3, baseline: 21 },
  G: { height: 60, width: 40, gap: 8, baseline: 48 },
  H: { height: 21, width: 13, gap: 6, baseline: 21 },
};
/**
 * Font E (OCR-B) has a larger cell on 12 and 24 dpmm printers; the others keep theirs. Its gap is not in the table we
 * could check: 10 keeps OCR-B's pitch of 10 characters an inch (30 dots at 12 dpmm), as the 8 dpmm cell's 20 dots do.
 */
const OCR_B_HIGH_RESOLUTION: BitmapCell = { height: 42, width: 20, gap: 10, baseline: 35 };

/** A printer font resolved to a face of ours: sizes in points for the laid-out TextRun, cell geometry in dots. */
export interface ZplResolvedFont {
  fontKey: FontFaceKey;
  fontSize: number;
  /** Horizontal scale of the glyphs (TextRun.scaleX). */
  scaleX: number;
  /** Height of one line's cell in dots, and its baseline below the cell top. */
  heightDots: number;
  baselineDots: number;
  /** The font drawn when the request named one the printer does not have (^CF's default font), else undefined. */
  substitutedBy?: string;
  /** Font 0 (or a font drawn as it): the laid-out text is marked printerFont '0', so writing it again sends ^A0. */
  font0?: boolean;
  /** A downloaded font: lines are measured with its widths (the printer's), unkerned as it has no kerning tables. */
  measuredBy?: Font;
}

/** The bundled face a downloaded font is a copy or subset of, by PostScript name; undefined for any other font. */
export function bundledFaceOf(fonts: FontRegistry, font: Font): FontFaceKey | undefined {
  const name = font.postscriptName;
  if (!name) return undefined;
  return fonts.allFaces().find((face) => face.font.postscriptName === name)?.key;
}

function clampDots(value: number): number {
  return Math.min(ZPL_MAX_DOTS, Math.max(1, Math.round(value)));
}

function magnification(requested: number, cell: number): number {
  return Math.min(MAX_MAGNIFICATION, Math.max(1, Math.round(requested / cell)));
}

/** The font size (points) whose capitals are `capDots` tall. */
function sized(fonts: FontRegistry, fontKey: FontFaceKey, dpmm: ZplDpmm, capDots: number): number {
  const face = fonts.face(fontKey);
  return (capDots * pointsPerDot(dpmm) * face.unitsPerEm) / face.font.capHeight;
}

/** Fonts every printer has: the scalable font 0 and the bitmap fonts A to H. */
function isBuiltIn(name: string): boolean {
  return name === '0' || BITMAP_CELLS[name] !== undefined;
}

/**
 * Resolves ^A/^CF: font 0 scales to any height and width; A–H magnify their cell by whole numbers. A name the printer
 * does not have is drawn in ^CF's default font at the size asked for, as the printer and Labelary draw it (font 0 when
 * the default is no built-in font either); substitutedBy says which, for the caller's warning. Height or width left out
 * (0) follows the other, then ^CF's.
 */
export function resolveFont(
  fonts: FontRegistry,
  dpmm: ZplDpmm,
  request: ZplFontRequest,
  fallback: ZplFontRequest,
): ZplResolvedFont {
  if (request.downloaded) return downloadedFont(fonts, dpmm, request, request.downloaded, fallback);
  if (!isBuiltIn(request.name.toUpperCase())) {
    const standIn = isBuiltIn(fallback.name.toUpperCase()) ? fallback.name.toUpperCase() : '0';
    // Sizes left out both take ^CF's, as a field without ^A does.
    const sized =
      request.height > 0 || request.width > 0
        ? request
        : { ...request, height: fallback.height, width: fallback.width };
    return { ...resolveFont(fonts, dpmm, { ...sized, name: standIn }, fallback), substitutedBy: standIn };
  }
  const name = request.name.toUpperCase();
  const baseCell = name === 'E' && dpmm >= 12 ? OCR_B_HIGH_RESOLUTION : BITMAP_CELLS[name];
  if (baseCell !== undefined) {
    const magnifyY =
      request.height > 0
        ? magnification(request.height, baseCell.height)
        : request.width > 0
          ? magnification(request.width, baseCell.width)
          : 1;
    const magnifyX = request.width > 0 ? magnification(request.width, baseCell.width) : magnifyY;
    const fontKey: FontFaceKey = 'mono-bold';
    const fontSize = sized(fonts, fontKey, dpmm, baseCell.baseline * magnifyY * 0.9);
    // The face is monospaced: stretching its advance to the cell's width and gap puts every character where the
    // printer's does, and leaves the glyph about the cell's width (the face's side bearings stand in for the gap).
    const advance = fonts.measure(fontKey, 'M', fontSize);
    return {
      fontKey,
      fontSize,
      scaleX: ((baseCell.width + baseCell.gap) * magnifyX * pointsPerDot(dpmm)) / advance,
      heightDots: baseCell.height * magnifyY,
      baselineDots: baseCell.baseline * magnifyY,
    };
  }
  const { height, width } = scalableDots(request, fallback);
  // The same face, size and condensing the layout gives a "Printer 0" text: designs in it wrap as the printer's font 0.
  const run = font0Run(fonts, height * pointsPerDot(dpmm), width * pointsPerDot(dpmm));
  return {
    ...run,
    heightDots: height,
    baselineDots: FONT0_BASELINE * height,
    font0: true,
  };
}

/** A scalable font's height and width in dots: either left out follows the other, both left out take ^CF's (else font 0's default). */
function scalableDots(request: ZplFontRequest, fallback: ZplFontRequest): { height: number; width: number } {
  const fallbackHeight = fallback.height > 0 ? fallback.height : FONT0_DEFAULT_DOTS;
  const height = clampDots(request.height > 0 ? request.height : request.width > 0 ? request.width : fallbackHeight);
  return { height, width: clampDots(request.width > 0 ? request.width : height) };
}

/**
 * ^A@ with a downloaded TrueType font: h is the em in dots (the height of the "entire character block" of a scalable
 * font), w stretches it across (w/h); either left out follows the other, then ^CF's. The cell is the em, its baseline
 * the font's ascent share of ascent plus descent.
 */
function downloadedFont(
  fonts: FontRegistry,
  dpmm: ZplDpmm,
  request: ZplFontRequest,
  downloaded: ZplDownloadedFont,
  fallback: ZplFontRequest,
): ZplResolvedFont {
  const { height, width } = scalableDots(request, fallback);
  const { font } = downloaded;
  const ascent = Math.max(0, font.ascent);
  const descent = Math.abs(font.descent);
  return {
    fontKey: downloaded.fontKey,
    fontSize: height * pointsPerDot(dpmm),
    scaleX: width / height,
    heightDots: height,
    baselineDots: ascent + descent > 0 ? (height * ascent) / (ascent + descent) : height,
    measuredBy: font,
  };
}
