import { describe, expect, it } from 'vitest';
import { withPrinterSettings, zplSettingsFormat } from './zplPrinterSettings';

describe('zplSettingsFormat', () => {
  it('sets darkness, speed and media in dots at the printer resolution', () => {
    expect(zplSettingsFormat({ dpi: 203, media: { width: '4in', height: '6in' }, darkness: 8, speed: 4 })).toBe('^XA~SD08^PR4^PW812^LL1218^XZ\n');
    expect(zplSettingsFormat({ dpi: 300, media: { width: '100mm', height: '50mm' }, darkness: null, speed: null })).toBe('^XA^PW1181^LL591^XZ\n');
  });

  it('adds nothing when the printer keeps its own settings', () => {
    const zpl = Buffer.from('^XA^XZ\n');
    expect(zplSettingsFormat({ dpi: 203, media: null, darkness: null, speed: null })).toBe('');
    expect(withPrinterSettings({ dpi: 203, media: null, darkness: null, speed: null }, zpl)).toBe(zpl);
  });

  it('goes ahead of the labels, which stay unchanged', () => {
    const job = withPrinterSettings({ dpi: 203, media: null, darkness: 30, speed: 14 }, Buffer.from('^XA^FO10,10^FDx^FS^XZ\n'));
    expect(Buffer.from(job).toString()).toBe('^XA~SD30^PR14^XZ\n^XA^FO10,10^FDx^FS^XZ\n');
  });
});
