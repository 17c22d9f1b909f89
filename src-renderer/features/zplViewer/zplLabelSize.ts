// The ZPL page's label settings as typed (density and size in inches) and their check before anything is sent.
import { ZPL_NOMINAL_DPI, ZPL_VIEWER_MAX_INCHES } from '@shared/api/zplViewer';
import type { ZplDpmm } from '@shared/read/zpl/zplField';

export interface ZplLabelSettings {
  dpmm: ZplDpmm;
  /** Inches, as typed. */
  width: string;
  height: string;
}

/** A carrier's 4x6 in label on a 203 dpi (8 dpmm) printer: what most ZPL in a warehouse is made for. */
export const DEFAULT_LABEL_SETTINGS: ZplLabelSettings = { dpmm: 8, width: '4', height: '6' };

/** "8 dpmm (203 dpi)": the density as ZPL names it, and as printers are sold. */
export function dpmmName(dpmm: ZplDpmm): string {
  return `${dpmm} dpmm (${ZPL_NOMINAL_DPI[dpmm]} dpi)`;
}

export type CheckedLabelSize =
  { ok: true; dpmm: ZplDpmm; width: number; height: number } | { ok: false; problem: string };

function side(text: string, what: string): number | string {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) return `The ${what} must be a number of inches.`;
  if (value <= 0 || value > ZPL_VIEWER_MAX_INCHES)
    return `The ${what} must be above 0 and at most ${ZPL_VIEWER_MAX_INCHES} in.`;
  return value;
}

export function checkLabelSize(settings: ZplLabelSettings): CheckedLabelSize {
  const width = side(settings.width, 'width');
  if (typeof width === 'string') return { ok: false, problem: width };
  const height = side(settings.height, 'height');
  if (typeof height === 'string') return { ok: false, problem: height };
  return { ok: true, dpmm: settings.dpmm, width, height };
}
