// The barcode inspector's quiet zone: which of its four choices a setting is, the setting each choice starts with, and what the layout kept, in printer dots.
import {
  parseQuietZoneWidth,
  QUIET_ZONE_MODULES,
  quietZoneOn,
  type QuietZoneSetting,
} from '@shared/elements/barcode/barcodeModule';
import type { Symbology } from '@shared/elements/barcode/barcodeSchema';
import type { LaidOutLabel } from '@shared/layout/laidOutLabel';
import type { LengthUnit } from '../../editor/units';
import { canvasBarcode } from './moduleWidthText';

export type QuietZoneKind = 'off' | 'standard' | 'length' | 'modules';

export function quietZoneKind(symbology: Symbology, quietZone: QuietZoneSetting | undefined): QuietZoneKind {
  if (!quietZoneOn(symbology, quietZone)) return 'off';
  const width = typeof quietZone === 'string' ? parseQuietZoneWidth(quietZone) : undefined;
  return width === undefined ? 'standard' : 'points' in width ? 'length' : 'modules';
}

/** "10 + 10 modules" (EAN-13 "11 + 7"), "4 modules all round" for 2D codes, "none" where the standard asks none. */
export function standardZoneText(symbology: Symbology, twoD: boolean): string {
  const { left, right } = QUIET_ZONE_MODULES[symbology];
  if (left === 0 && right === 0) return 'none';
  if (twoD) return `${left} ${left === 1 ? 'module' : 'modules'} all round`;
  return left === right ? `${left} modules each side` : `${left} + ${right} modules`;
}

/** About 5 mm, a round number in each unit, and the symbology's own left zone in modules (else 10): where a width choice starts. */
const START_WIDTH: Record<LengthUnit, string> = { mm: '5mm', cm: '0.5cm', in: '0.2in', pt: '14pt', px: '19px' };

export function quietZoneFor(kind: QuietZoneKind, symbology: Symbology, unit: LengthUnit): QuietZoneSetting {
  if (kind === 'off') return false;
  if (kind === 'standard') return true;
  if (kind === 'length') return START_WIDTH[unit];
  return `${QUIET_ZONE_MODULES[symbology].left || 10}modules`;
}

/** "40 dots (5.00 mm) each side at 203 dpi": the zone the canvas's layout kept, in its own dots; undefined without one. */
export function laidOutZoneText(label: LaidOutLabel | null, elementId: string): string | undefined {
  const element = canvasBarcode(label, elementId);
  if (!element || element.symbol.kind === 'vector' || !element.symbol.quietZone) return undefined;
  const { quietZone, dpi } = element.symbol;
  const dots = (points: number) => Math.round((points / 72) * dpi);
  const mm = (count: number) => ((count * 25.4) / dpi).toFixed(2);
  const [left, right] = [dots(quietZone.left), dots(quietZone.right)];
  const sides = element.symbol.kind === 'matrix' ? 'all round' : left === right ? 'each side' : undefined;
  const width = sides
    ? `${left} dots (${mm(left)} mm) ${sides}`
    : `${left} dots (${mm(left)} mm) left, ${right} (${mm(right)} mm) right`;
  return `${width} at ${dpi} dpi`;
}
