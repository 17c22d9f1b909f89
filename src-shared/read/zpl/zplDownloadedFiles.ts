// Files a ~DY download carries besides raw graphics: PNG images (made 1-bit as a printer does) and TrueType/OpenType fonts.
import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';
import { convertIndexedToRgb, decode, hasPngSignature, type DecodedPng } from 'fast-png';
import { rgbaToMonochrome } from '../../emit/zpl/zplGraphic';
import type { MonoBitmap } from './zplField';
import type { GraphicReport, PixelCharge } from './graphicDecoding';

/** Width and height from the IHDR chunk, which is what the decoder allocates by; undefined when it is not a PNG. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !hasPngSignature(bytes)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Any PNG's samples as 8-bit RGBA with straight alpha. */
function toRgba(png: DecodedPng): Uint8Array {
  const { width, height } = png;
  const pixels = width * height;
  let samples: ArrayLike<number> = png.data;
  let channels = png.channels;
  if (png.palette) {
    samples = convertIndexedToRgb(png);
    channels = png.palette[0]?.length ?? 3;
  } else if (png.depth < 8) {
    // Grey packed several samples a byte, each row starting on a byte: spread to one 0..255 sample a pixel.
    const { depth, data } = png;
    const bytesPerRow = Math.ceil((width * depth) / 8);
    const maximum = (1 << depth) - 1;
    const grey = new Uint8Array(pixels);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bitOffset = x * depth;
        const byte = data[y * bytesPerRow + (bitOffset >> 3)] ?? 0;
        grey[y * width + x] = Math.round((((byte >> (8 - depth - (bitOffset & 7))) & maximum) * 255) / maximum);
      }
    }
    samples = grey;
  }
  const shift = png.depth === 16 && !png.palette ? 8 : 0;
  const rgba = new Uint8Array(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    const at = i * channels;
    const first = (samples[at] ?? 0) >> shift;
    const colour = channels >= 3;
    rgba[i * 4] = first;
    rgba[i * 4 + 1] = colour ? (samples[at + 1] ?? 0) >> shift : first;
    rgba[i * 4 + 2] = colour ? (samples[at + 2] ?? 0) >> shift : first;
    rgba[i * 4 + 3] = channels === 2 || channels === 4 ? (samples[at + channels - 1] ?? 0) >> shift : 255;
  }
  return rgba;
}

/**
 * A downloaded PNG as the printer stores it: 1-bit, dark pixels black, light and transparent ones white. Its size is
 * read from IHDR and charged to the budget before it is decoded.
 */
export function decodePngGraphic(
  bytes: Uint8Array,
  budget: PixelCharge,
  what: string,
  report: GraphicReport,
): MonoBitmap | undefined {
  const size = pngSize(bytes);
  if (!size) {
    report('ZPL_GRAPHIC_DATA', 'the downloaded PNG is not a PNG file');
    return undefined;
  }
  budget.charge(size.width * size.height, what);
  let png: DecodedPng;
  try {
    png = decode(bytes);
  } catch (error) {
    report(
      'ZPL_GRAPHIC_DATA',
      `the downloaded PNG cannot be decoded: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
  return {
    width: png.width,
    height: png.height,
    dots: rgbaToMonochrome(toRgba(png), png.width, png.height, 'threshold'),
  };
}

/** The font if fontkit can parse it and lay out text with it; undefined otherwise (a malformed font). */
export function parseFont(bytes: Uint8Array): Font | undefined {
  try {
    // fontkit reads any Uint8Array (no Buffer needed, so this runs in the editor); its typings ask for a Buffer.
    const font = fontkit.create(bytes as Buffer) as Font;
    if (typeof font.layout !== 'function' || !(font.unitsPerEm > 0)) return undefined;
    // Tables are read lazily: laying out a few characters makes a broken glyph table fail here, not when drawing.
    font.layout('Ag0');
    return font;
  } catch {
    return undefined;
  }
}
