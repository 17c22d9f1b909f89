// Code 128 read from ZPL back to what a template encodes: codewords to text, FNC1 to GS1 element strings.
import { describe, expect, it } from 'vitest';
import { splitAtFnc1 } from '../../elements/barcode/gs1ElementStrings';
import { liftCode128 } from './liftCode128';
import { code128Automatic, code128ModeN } from './zplCode128';

describe('liftCode128', () => {
  it('reads mode N codewords through subset switches and shifts', () => {
    expect(liftCode128(code128ModeN('AB-12').value)).toEqual({ symbology: 'code128', value: 'AB-12' });
    expect(liftCode128(code128ModeN('>;123456>6XY').value)).toEqual({ symbology: 'code128', value: '123456XY' });
    expect(liftCode128(code128ModeN('>93334>4c36').value)).toEqual({ symbology: 'code128', value: 'ABcD' });
  });

  it('reads automatic mode text with its escaped carets', () => {
    expect(liftCode128(code128Automatic('A^B').value)).toEqual({ symbology: 'code128', value: 'A^B' });
  });

  it('makes FNC1-first data GS1-128 with its AIs, predefined lengths and separators', () => {
    expect(liftCode128(code128ModeN('>;>80109521234543213>8101234').value)).toEqual({
      symbology: 'gs1-128',
      value: '(01)09521234543213(10)1234',
    });
    expect(liftCode128(code128ModeN('>;>8420627041120>8929405511899223197428490').value)).toEqual({
      symbology: 'gs1-128',
      value: '(420)627041120(92)9405511899223197428490',
    });
  });

  it('refuses what a template cannot say: FNC1 in the middle only, FNC4, unknown AIs', () => {
    expect(liftCode128(code128ModeN('AB>8CD').value)).toBeUndefined();
    expect(liftCode128(code128ModeN('AB>6CD').value)).toBeUndefined();
    expect(splitAtFnc1('0512345', '|')).toBeUndefined();
  });
});
