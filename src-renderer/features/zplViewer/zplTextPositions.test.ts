import { describe, expect, it } from 'vitest';
import { charIndexOfByte, warningRange } from './zplTextPositions';

describe('warning positions in the edited text', () => {
  it('maps byte offsets one to one in ASCII', () => {
    expect(charIndexOfByte('^XA^FO10,10^XZ', 3)).toBe(3);
    expect(charIndexOfByte('^XA', 0)).toBe(0);
  });

  it('counts the extra UTF-8 bytes of accents, CJK and astral characters', () => {
    // "é" is 2 bytes, "漢" 3, "😀" 4 (and 2 UTF-16 units).
    const text = '^FDé漢😀^FS';
    const bytes = new TextEncoder().encode(text);
    const fs = bytes.indexOf(0x5e, 4);
    expect(charIndexOfByte(text, fs)).toBe(text.indexOf('^FS'));
    // A byte inside a character points at that character.
    expect(charIndexOfByte(text, 4)).toBe(3);
    expect(charIndexOfByte(text, 7)).toBe(4);
    expect(charIndexOfByte(text, 10)).toBe(5);
  });

  it('answers the end of the text past it', () => {
    expect(charIndexOfByte('^XA', 99)).toBe(3);
  });

  it('selects the command a warning names, or one character', () => {
    const text = '^XA\n^ZZ1,2\n^xz';
    expect(warningRange(text, 4, '^ZZ')).toEqual({ start: 4, end: 7 });
    expect(warningRange(text, 11, '^XZ')).toEqual({ start: 11, end: 14 });
    expect(warningRange(text, 4, '')).toEqual({ start: 4, end: 5 });
    expect(warningRange(text, 4, '^FO')).toEqual({ start: 4, end: 5 });
  });
});
