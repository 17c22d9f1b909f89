// A ZPL job as the printer gets it: the printer's settings format (src-shared/emit/zpl/zplPrinterSettings) ahead of the labels.
import { zplSettingsFormat, type ZplPrinterSettings } from '@shared/emit/zpl/zplPrinterSettings';

/** The job as the printer should get it: the settings format (when any is set), then the labels' ZPL unchanged. */
export function withPrinterSettings(settings: ZplPrinterSettings, zpl: Uint8Array): Uint8Array {
  const prefix = zplSettingsFormat(settings);
  return prefix === '' ? zpl : Buffer.concat([Buffer.from(prefix, 'latin1'), zpl]);
}
