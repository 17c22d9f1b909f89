// Test support: turns emitted ZPL, SVG and PDF into RGBA pixels with the real renderers, so tests check what prints.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import { ready as zplRendererReady } from 'zpl-renderer-js';
import { bundledFonts } from '@main/fonts/bundledFonts';
import type { PdfEmitContext } from '@shared/emit/pdf/pdfContext';
import { rasterizeSvg } from '@shared/emit/png/rasterize';
import type { SvgEmitContext } from '@shared/emit/svg/svgContext';
import type { ZplEmitContext } from '@shared/emit/zpl/zplContext';
import { svgToGfa } from '@shared/emit/zpl/emitZpl';
import type { LaidOutElement, RenderWarning } from '@shared/layout/laidOutLabel';
import type { LayoutContext } from '@shared/layout/layoutContext';
import { RenderPixels } from '@shared/render/renderPixels';
import { pointsToDots } from '@shared/units/length';

export interface Raster {
  width: number;
  height: number;
  rgba: Uint8Array;
}

/** Raster pixels for a length in points at `dpi` (the printer-dot conversion, under the name tests read best). */
export const pointsToPixels = pointsToDots;

function pixel(raster: Raster, x: number, y: number): [number, number, number, number] {
  const px = Math.floor(x);
  const py = Math.floor(y);
  if (px < 0 || py < 0 || px >= raster.width || py >= raster.height)
    throw new Error(`pixel ${px},${py} is outside ${raster.width}x${raster.height}`);
  const i = (py * raster.width + px) * 4;
  const { rgba } = raster;
  return [rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0, rgba[i + 3] ?? 0];
}

/** True when the pixel is dark on white paper (transparent counts as paper). */
export function isDark(raster: Raster, x: number, y: number): boolean {
  const [r, g, b, a] = pixel(raster, x, y);
  return a > 127 && r + g + b < 3 * 128;
}

/** The pixel's colour as #rrggbb, composited over white. */
export function colorAt(raster: Raster, x: number, y: number): string {
  const [r, g, b, a] = pixel(raster, x, y);
  const over = (c: number) => Math.round((c * a) / 255 + 255 * (1 - a / 255));
  return `#${[over(r), over(g), over(b)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Close enough for anti-aliased renderers: each channel within `tolerance`. */
export function colorNear(actual: string, expected: string, tolerance = 24): boolean {
  const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const a = channels(actual);
  return channels(expected).every((c, i) => Math.abs(c - (a[i] ?? -999)) <= tolerance);
}

function decodePng(png: Buffer): Raster {
  const decoded = PNG.sync.read(png);
  return { width: decoded.width, height: decoded.height, rgba: new Uint8Array(decoded.data) };
}

/** Renders `^XA body ^XZ` on a label of the given size in dots with zpl-renderer-js. */
export async function renderZpl(body: string, widthDots: number, heightDots: number, dpi: number): Promise<Raster> {
  const { api } = await zplRendererReady;
  // The renderer takes whole dots per millimetre (8 for 203 dpi, 12 for 300): size the label in its own unit so the
  // canvas is exactly widthDots x heightDots and nothing is shifted to centre a rounding difference.
  const dpmm = Math.round(dpi / 25.4);
  const base64 = await api.zplToBase64Async(`^XA${body}^XZ`, widthDots / dpmm, heightDots / dpmm, dpmm);
  return decodePng(Buffer.from(base64, 'base64'));
}

/** Renders an SVG fragment in points on a white label `width` x `height` points at `dpi`. */
export function renderSvg(fragment: string, width: number, height: number, dpi: number): Raster {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#ffffff"/>${fragment}</svg>`;
  return rasterizeSvg(svg, Math.round(pointsToDots(width, dpi)));
}

/** A one-page pdfkit document of `width` x `height` points, drawn by `draw`. */
export function pdfPage(width: number, height: number, draw: (ctx: PdfEmitContext) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: [width, height], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw({ doc, fonts: bundledFonts(), pixels: new RenderPixels(), useFont: () => undefined });
  doc.end();
  return done;
}

/** Rasterises the first page of a PDF with poppler's pdftoppm. */
export async function renderPdf(pdf: Buffer, dpi: number): Promise<Raster> {
  const dir = await mkdtemp(join(tmpdir(), 'labelsmith-pdf-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await promisify(execFile)('pdftoppm', [
      '-r',
      String(dpi),
      '-png',
      '-singlefile',
      join(dir, 'in.pdf'),
      join(dir, 'out'),
    ]);
    return decodePng(await readFile(join(dir, 'out.png')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A colour expected at a point given in label points; 'paper' is unprinted white. */
export type Probe = [x: number, y: number, expected: string];

/** The probes whose pixel is not the expected colour, described for a readable failure. */
export function probeMismatches(raster: Raster, dpi: number, probes: Probe[]): string[] {
  return probes.flatMap(([x, y, expected]) => {
    const actual = colorAt(raster, pointsToDots(x, dpi), pointsToDots(y, dpi));
    return colorNear(actual, expected === 'paper' ? '#ffffff' : expected)
      ? []
      : [`(${x},${y}) is ${actual}, expected ${expected}`];
  });
}

export const svgTestContext: SvgEmitContext = { fonts: bundledFonts() };

/** The ZPL writer's context at `dpi`; the raster fallback is marked so tests can see it was asked for. */
export function zplTestContext(dpi: number): ZplEmitContext {
  return {
    dpi,
    fonts: bundledFonts(),
    dots: (points) => Math.round(pointsToDots(points, dpi)),
    graphic: (element: LaidOutElement) => `[graphic of ${element.id}]`,
    monochromeGraphic: svgToGfa,
    pixels: new RenderPixels(),
    scope: 'test',
  };
}

/** What layoutLabel() gives an element layout; `content` stands for an evaluated expression's value. */
export function layoutTestContext(content?: string): LayoutContext & { warnings: RenderWarning[] } {
  const warnings: RenderWarning[] = [];
  return {
    fonts: bundledFonts(),
    env: { now: () => new Date(0) },
    content: () => content,
    warn: (warning) => warnings.push(warning),
    pixels: new RenderPixels(),
    targetDpi: 300,
    warnings,
  };
}
