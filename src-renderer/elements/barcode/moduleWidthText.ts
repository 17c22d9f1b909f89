// What the inspector says of a laid-out barcode's module: whole printer dots, and the millimetres they make at that resolution.
import type { BarcodeSymbol, LaidOutLabel } from '@shared/layout/laidOutLabel';

const MM_PER_INCH = 25.4;

/** "3 dots (0.375 mm) at 203 dpi": the module the printer draws, in the laid-out symbol's own dots. */
export function moduleWidthText(symbol: { moduleDots: number; dpi: number }): string {
  const mm = (symbol.moduleDots * MM_PER_INCH) / symbol.dpi;
  return `${symbol.moduleDots} ${symbol.moduleDots === 1 ? 'dot' : 'dots'} (${mm.toFixed(3)} mm) at ${symbol.dpi} dpi`;
}

/** The laid-out symbol of a barcode element, when it has module dots (linear and matrix symbols); undefined otherwise. */
export function laidOutModule(
  label: LaidOutLabel | null,
  elementId: string,
): { moduleDots: number; dpi: number } | undefined {
  const element = label?.elements.find((candidate) => candidate.id === elementId);
  if (element?.type !== 'barcode') return undefined;
  const symbol: BarcodeSymbol = element.symbol;
  return 'moduleDots' in symbol ? symbol : undefined;
}
