import { describe, expect, it } from 'vitest';
import type { ZplPrinterSettings } from '@shared/emit/zpl/zplPrinterSettings';
import { withPrinterSettings } from './zplPrinterSettings';

const OWN: ZplPrinterSettings = {
  dpi: 203,
  media: null,
  darkness: null,
  speed: null,
  mediaType: null,
  printMode: null,
  mediaSensing: null,
  topOffset: null,
  leftOffset: null,
};

describe('withPrinterSettings', () => {
  it('sends the labels alone when the printer keeps its own settings', () => {
    const zpl = Buffer.from('^XA^XZ\n');
    expect(withPrinterSettings(OWN, zpl)).toBe(zpl);
  });

  it('goes ahead of the labels, which stay unchanged', () => {
    const job = withPrinterSettings(
      { ...OWN, darkness: 30, speed: 14, printMode: 'cutter' },
      Buffer.from('^XA^FO10,10^FDx^FS^XZ\n'),
    );
    expect(Buffer.from(job).toString()).toBe('^XA~SD30^PR14^MMC^XZ\n^XA^FO10,10^FDx^FS^XZ\n');
  });
});
