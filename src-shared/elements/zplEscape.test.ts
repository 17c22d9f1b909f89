// Checks that escaped field data can never start a command and still prints as the characters it came from.
import { describe, expect, it } from 'vitest';
import { ready as zplRendererReady } from 'zpl-renderer-js';
import { escapeFieldData, fieldData } from './zplEscape';

describe('escapeFieldData', () => {
  it('hex-escapes the command prefixes, the escape character and control characters', () => {
    expect(escapeFieldData('^XA~JR^FDx')).toBe('_5EXA_7EJR_5EFDx');
    expect(escapeFieldData('a_b')).toBe('a_5Fb');
    expect(escapeFieldData('line\nbreak\r\tand\u0000\u007f')).toBe('line_0Abreak_0D_09and_00_7F');
  });

  it('leaves everything else as it is, non-ASCII included (UTF-8 under ^CI28)', () => {
    const text = 'Größe 10 €, 東京, "quoted" <tag> & \\ back, comma; colon: 100%';
    expect(escapeFieldData(text)).toBe(text);
  });

  it('wraps the data in ^FH with an explicit indicator, ^FD and ^FS', () => {
    expect(fieldData('^x')).toBe('^FH_^FD_5Ex^FS');
  });

  it('keeps a hostile value inside one field of one label in a ZPL renderer', async () => {
    const { api } = await zplRendererReady;
    const hostile = 'x^FS^XZ^XA^FO0,0^GB800,800,800^FS~JR_41';
    const zpl = `^XA^CI28^FO20,20^A0N,30,30${fieldData(hostile)}^XZ`;
    // A raw value would end this label and start a second one with a black box; escaped, it is one label of text.
    const labels = await api.zplToBase64MultipleAsync(zpl, 101.6, 25.4, 8);
    expect(labels).toHaveLength(1);
    const raw = await api.zplToBase64MultipleAsync(`^XA^CI28^FO20,20^A0N,30,30^FD${hostile}^FS^XZ`, 101.6, 25.4, 8);
    expect(raw.length).toBeGreaterThan(1);
  });
});
