// Parsed font faces, each parsed once per process, and text measuring with the real glyph metrics.
import * as fontkit from 'fontkit';
import { LRUCache } from 'lru-cache';
import type { Font, GlyphRun } from 'fontkit';
import {
  faceKey,
  resolveFamily,
  type FontFaceKey,
  type FontFamily,
  type FontStyle,
  type FontWeight,
} from './fontFaces';
import { glyphsAsAsked } from './glyphsAsAsked';

export interface FontFaceSource {
  family: FontFamily;
  weight: FontWeight;
  style: FontStyle;
  /** The TTF file's bytes. */
  data: Uint8Array;
  fileName: string;
}

export interface LoadedFontFace {
  key: FontFaceKey;
  family: FontFamily;
  weight: FontWeight;
  style: FontStyle;
  data: Uint8Array;
  fileName: string;
  font: Font;
  unitsPerEm: number;
  /** Above the baseline, in font units (positive). */
  ascent: number;
  /** Below the baseline, in font units (positive). */
  descent: number;
  lineGap: number;
}

export interface ResolvedFace {
  face: LoadedFontFace;
  fellBack: boolean;
}

/** Shaped strings kept: labels repeat the same texts, and shaping is most of a PDF's text cost. */
const GLYPH_RUN_CACHE_LIMIT = 10_000;

export class FontRegistry {
  private readonly faces = new Map<FontFaceKey, LoadedFontFace>();
  /** Shaped runs keyed by face and text, shared by measuring, SVG outlines and the PDF writer; never mutated. */
  private readonly glyphRuns = new LRUCache<string, GlyphRun>({ max: GLYPH_RUN_CACHE_LIMIT });

  constructor(sources: readonly FontFaceSource[]) {
    for (const source of sources) {
      // fontkit reads through restructure's DecodeStream, which takes any Uint8Array: no Buffer, so this runs in the
      // editor too. Its typings still ask for a Buffer.
      const font = fontkit.create(source.data as Buffer) as Font;
      // Every output shares this Font: its glyphs must carry the text they were shaped from, whatever drew first.
      glyphsAsAsked(font);
      const key = faceKey(source.family, source.weight, source.style);
      this.faces.set(key, {
        key,
        family: source.family,
        weight: source.weight,
        style: source.style,
        data: source.data,
        fileName: source.fileName,
        font,
        unitsPerEm: font.unitsPerEm,
        ascent: font.ascent,
        descent: Math.abs(font.descent),
        lineGap: font.lineGap,
      });
    }
    if (!this.faces.has('sans-regular')) throw new Error('the font registry needs at least the sans regular face');
  }

  face(key: FontFaceKey): LoadedFontFace {
    const face = this.faces.get(key);
    if (!face) throw new Error(`font face ${key} is not loaded`);
    return face;
  }

  allFaces(): LoadedFontFace[] {
    return [...this.faces.values()];
  }

  /** The face for a template's family/weight/style; a missing variant falls back to regular, an unknown family to sans. */
  resolve(family: string | undefined, weight: FontWeight = 'normal', style: FontStyle = 'normal'): ResolvedFace {
    const resolution = resolveFamily(family);
    const candidates: FontFaceKey[] = [
      faceKey(resolution.family, weight, style),
      faceKey(resolution.family, weight, 'normal'),
      faceKey(resolution.family, 'normal', 'normal'),
      'sans-regular',
    ];
    for (const key of candidates) {
      const face = this.faces.get(key);
      if (face) return { face, fellBack: resolution.fellBack };
    }
    throw new Error('unreachable: sans-regular is checked in the constructor');
  }

  /**
   * Shapes text with the font's default features (kerning, ligatures), exactly as pdfkit does. The run is cached
   * and shared: callers must not change it.
   */
  layoutGlyphs(key: FontFaceKey, text: string): GlyphRun {
    const cacheKey = `${key}\u0000${text}`;
    let run = this.glyphRuns.get(cacheKey);
    if (run === undefined) {
      run = this.face(key).font.layout(text);
      this.glyphRuns.set(cacheKey, run);
    }
    return run;
  }

  /** Width of a single line of text in points. */
  measure(key: FontFaceKey, text: string, fontSize: number): number {
    if (text === '') return 0;
    return (this.layoutGlyphs(key, text).advanceWidth * fontSize) / this.face(key).unitsPerEm;
  }

  /** Ascent above the baseline in points for a size. */
  ascent(key: FontFaceKey, fontSize: number): number {
    const face = this.face(key);
    return (face.ascent * fontSize) / face.unitsPerEm;
  }

  descent(key: FontFaceKey, fontSize: number): number {
    const face = this.face(key);
    return (face.descent * fontSize) / face.unitsPerEm;
  }
}
