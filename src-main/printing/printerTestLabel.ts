// The `printer test` label: the printer's name, resolution and the date over a code128, rendered by the real engine.
import { PRINTER_FONT_0 } from '@shared/fonts/printerFont0';
import { renderLabel } from '@shared/render/renderLabel';
import { toPoints } from '@shared/units/length';
import { bundledFonts } from '../fonts/bundledFonts';
import type { PrinterRecord } from '../store/queries/printerFields';

/** Without a configured media size: small enough for any thermal stock. */
const FALLBACK_SIZE = { width: '2in', height: '1in' };

/**
 * The template fills the printer's media (so ^PW/^LL match the stock loaded) with every position a share of its size,
 * which keeps the label readable from 1 in stock up to 4x6. Every line is centred in a box centred on the label: the
 * ZPL writer's ^FB block of a centred line is symmetric about it and stops at the label's left edge, so it cannot
 * reach past the right one either (a left-aligned line's block runs on past the line, and did, clipping the date).
 * The date has a line of its own, so it never wraps or shrinks with a long time zone name. Its texts are in the
 * printer's own font 0 (bold only): the test checks the printer itself, and its lines arrive as text fields.
 */
function testTemplate(width: number, height: number): object {
  const at = (x: number, y: number, w: number, h: number) => ({
    position: { mode: 'absolute', x: `${(x * width).toFixed(2)}pt`, y: `${(y * height).toFixed(2)}pt` },
    width: `${(w * width).toFixed(2)}pt`,
    height: `${(h * height).toFixed(2)}pt`,
  });
  const fontSize = (share: number) => `${Math.max(4, share * height).toFixed(1)}pt`;
  const line = (id: string, y: number, h: number, expression: string, size: number) => ({
    id,
    type: 'text',
    ...at(0.05, y, 0.9, h),
    content: { expression },
    style: { fontFamily: PRINTER_FONT_0, fontSize: fontSize(size), textAlign: 'center', overflow: 'shrink' },
  });
  return {
    formatVersion: 1,
    meta: { name: 'Printer test' },
    dimensions: { width: `${width}pt`, height: `${height}pt` },
    elements: [
      line('name', 0.04, 0.2, 'data.name', 0.15),
      line('details', 0.26, 0.11, "data.dpi + ' dpi - ' + data.zone", 0.09),
      // The clock in the printer's time zone, as its labels' now() and formatDate show it.
      line('date', 0.38, 0.11, "formatDate(now(), 'YYYY-MM-DD HH:mm')", 0.09),
      {
        id: 'code',
        type: 'barcode',
        symbology: 'code128',
        ...at(0.05, 0.52, 0.9, 0.44),
        content: { expression: 'data.code' },
      },
    ],
  };
}

/** The test label in the printer's format (ZPL at its dpi, or PDF for a converting system queue). */
export async function renderTestLabel(printer: PrinterRecord, format: 'zpl' | 'pdf', at: Date): Promise<Uint8Array> {
  const size = printer.media ?? FALLBACK_SIZE;
  const data = {
    name: printer.name,
    dpi: printer.dpi,
    zone: printer.timeZone ?? 'UTC',
    code: `LS-TEST-${printer.dpi}`,
  };
  const env = { now: () => at, timeZone: printer.timeZone ?? undefined };
  const output = await renderLabel(testTemplate(toPoints(size.width), toPoints(size.height)), data, {
    format,
    dpi: printer.dpi,
    zplDpi: printer.dpi,
    fonts: bundledFonts(),
    env,
  });
  return output.bytes;
}
