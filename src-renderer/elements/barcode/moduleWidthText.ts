// What the inspector reads of a barcode the canvas laid out: its module in whole printer dots and the millimetres they make, and the value it encodes.
import type { BarcodeSymbol, LaidOutLabel, LaidOutOf } from '@shared/layout/laidOutLabel';

const MM_PER_INCH = 25.4;

/** "3 dots (0.375 mm) at 203 dpi": the module the printer draws, in the laid-out symbol's own dots. */
export function moduleWidthText(symbol: { moduleDots: number; dpi: number }): string {
  const mm = (symbol.moduleDots * MM_PER_INCH) / symbol.dpi;
  return `${symbol.moduleDots} ${symbol.moduleDots === 1 ? 'dot' : 'dots'} (${mm.toFixed(3)} mm) at ${symbol.dpi} dpi`;
}

/** A barcode element as the canvas laid it out, undefined when the canvas drew none (no layout, hidden, or refused). */
export function canvasBarcode(label: LaidOutLabel | null, elementId: string): LaidOutOf<'barcode'> | undefined {
  const element = label?.elements.find((candidate) => candidate.id === elementId);
  return element?.type === 'barcode' ? element : undefined;
}

/** The laid-out symbol of a barcode element, when it has module dots (linear and matrix symbols); undefined otherwise. */
export function laidOutModule(
  label: LaidOutLabel | null,
  elementId: string,
): { moduleDots: number; dpi: number } | undefined {
  const symbol: BarcodeSymbol | undefined = canvasBarcode(label, elementId)?.symbol;
  return symbol && 'moduleDots' in symbol ? symbol : undefined;
}

/**
 * What the canvas shows a barcode carries: its human-readable line when it has one (EAN-13's with the check digit the
 * encoder adds), else the value it encoded (an ISBN or SSCC with its check digit computed).
 */
export function drawnBarcodeValue(label: LaidOutLabel | null, elementId: string): string | undefined {
  const element = canvasBarcode(label, elementId);
  if (!element) return undefined;
  return element.humanReadable?.lines.map((line) => line.text).join(' ') ?? element.value;
}
