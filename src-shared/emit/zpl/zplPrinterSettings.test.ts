import { describe, expect, it } from 'vitest';
import { zplSettingsFormat, type ZplPrinterSettings } from './zplPrinterSettings';

/** A printer that keeps every setting of its own. */
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

describe('zplSettingsFormat', () => {
  it('sets darkness, speed and media in dots at the printer resolution', () => {
    expect(zplSettingsFormat({ ...OWN, media: { width: '4in', height: '6in' }, darkness: 8, speed: 4 })).toBe(
      '^XA~SD08^PR4^PW812^LL1218^XZ\n',
    );
    expect(zplSettingsFormat({ ...OWN, dpi: 300, media: { width: '100mm', height: '50mm' } })).toBe(
      '^XA^PW1181^LL591^XZ\n',
    );
  });

  it('sets the media type, the mode after each label and the sensing by their ZPL letters', () => {
    expect(
      zplSettingsFormat({ ...OWN, mediaType: 'direct-thermal', printMode: 'peel-off', mediaSensing: 'mark' }),
    ).toBe('^XA^MTD^MMP^MNM^XZ\n');
    expect(
      zplSettingsFormat({ ...OWN, mediaType: 'thermal-transfer', printMode: 'tear-off', mediaSensing: 'gap' }),
    ).toBe('^XA^MTT^MMT^MNY^XZ\n');
    expect(zplSettingsFormat({ ...OWN, printMode: 'cutter', mediaSensing: 'continuous' })).toBe('^XA^MMC^MNN^XZ\n');
    expect(zplSettingsFormat({ ...OWN, printMode: 'rewind' })).toBe('^XA^MMR^XZ\n');
  });

  it('moves the print down by ^LT and right by ^LS turned, in dots at the printer resolution', () => {
    // 1 mm at 203 dpi is 7.99 dots; at 300 dpi 11.81.
    expect(zplSettingsFormat({ ...OWN, topOffset: '1mm', leftOffset: '2mm' })).toBe('^XA^LT8^LS-16^XZ\n');
    expect(zplSettingsFormat({ ...OWN, dpi: 300, topOffset: '-1mm', leftOffset: '-0.5mm' })).toBe('^XA^LT-12^LS6^XZ\n');
    // Zero is a setting too (it undoes an offset the front panel set), never a negative zero.
    expect(zplSettingsFormat({ ...OWN, topOffset: '0mm', leftOffset: '-0.01mm' })).toBe('^XA^LT0^LS0^XZ\n');
  });

  it('adds nothing when the printer keeps its own settings', () => {
    expect(zplSettingsFormat(OWN)).toBe('');
  });
});
