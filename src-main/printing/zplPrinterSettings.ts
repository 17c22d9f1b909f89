// A printer's configured darkness, speed and media as a small ZPL settings format, sent ahead of the labels.
import { pointsToDots, toPoints } from '../../src-shared/units/length';
import type { PrinterRecord } from '../store/queries/printers';

export type ZplPrinterSettings = Pick<PrinterRecord, 'dpi' | 'media' | 'darkness' | 'speed'>;

/**
 * `^XA~SD…^PR…^PW…^LL…^XZ` for the settings that are set, or '' when none is. A format of its own, not merged into
 * the labels: it needs no parsing of the labels' ZPL (ours or any passed through later), and the printer keeps these
 * settings for the formats that follow, while a label's own ^PW/^LL (emitZpl writes its template's size) still win
 * for that label. A format without fields prints nothing.
 *
 * Darkness is ~SD, the absolute 00–30 setting the 0–30 option means; ^MD would add to whatever the front panel says.
 */
export function zplSettingsFormat({ dpi, media, darkness, speed }: ZplPrinterSettings): string {
  const commands: string[] = [];
  if (darkness !== null) commands.push(`~SD${String(darkness).padStart(2, '0')}`);
  if (speed !== null) commands.push(`^PR${speed}`);
  if (media !== null) {
    const dots = (length: string) => Math.round(pointsToDots(toPoints(length), dpi));
    commands.push(`^PW${dots(media.width)}`, `^LL${dots(media.height)}`);
  }
  return commands.length === 0 ? '' : `^XA${commands.join('')}^XZ\n`;
}

/** The job as the printer should get it: the settings format (when any is set), then the labels' ZPL unchanged. */
export function withPrinterSettings(settings: ZplPrinterSettings, zpl: Uint8Array): Uint8Array {
  const prefix = zplSettingsFormat(settings);
  return prefix === '' ? zpl : Buffer.concat([Buffer.from(prefix, 'latin1'), zpl]);
}
