// The tokenizer's binary downloads: ^GF and ~DY in format B or C take exactly their byte count as data; all else splits at ^ and ~.
import { describe, expect, it } from 'vitest';
import { scanRawZpl } from './rawZplScan';
import { ZplTokenizer, type ZplCommand } from './zplTokenizer';

function commands(text: string): ZplCommand[] {
  const tokenizer = new ZplTokenizer(text);
  const out: ZplCommand[] = [];
  for (let command = tokenizer.next(); command !== undefined; command = tokenizer.next()) out.push(command);
  return out;
}

const names = (text: string) => commands(text).map((command) => `${command.kind}${command.name}`);

describe('binary downloads', () => {
  it('reads a ^GFB data field of exactly its byte count, carets, tildes and line breaks included', () => {
    const data = '^XZ~JR\r\n\x00\xff, ';
    const [, graphic, after] = commands(`^FO1,2^GFB,${data.length},${data.length},1,${data}^FS`);
    expect(graphic).toEqual({
      kind: '^',
      name: 'GF',
      params: `B,${data.length},${data.length},1,`,
      position: 6,
      binary: data,
    });
    expect(after).toMatchObject({ name: 'FS', params: '' });
  });

  it('reads ~DY data in format B or C by its total byte count (the fourth parameter)', () => {
    const data = 'a^b~c';
    for (const format of ['B', 'c']) {
      const [download, next] = commands(`~DYR:X,${format},G,5,1,${data}^XA`);
      expect(download).toMatchObject({ name: 'DY', binary: data });
      expect(next).toMatchObject({ name: 'XA' });
    }
  });

  it('honours a ^CD delimiter, and line breaks between the parameters (not in the data)', () => {
    const [, graphic] = commands(`^CD;^GFB;\r\n2;2;1;\n^^FS`);
    expect(graphic).toMatchObject({ params: 'B;2;2;1;', binary: '\n^' });
  });

  it('keeps the usual split for ASCII hex, ZB64 sent as format B, and counts that are no whole number', () => {
    expect(commands('^GFA,2,2,1,FF^FS')[0]).not.toHaveProperty('binary');
    expect(names('~DYE:F,B,T,9999,,:Z64:eJwDAAAAAAE=:1234^XA')).toEqual(['~DY', '^XA']);
    expect(names('^GFB,,2,1,ab^FS')).toEqual(['^GF', '^FS']);
    expect(names('^GFB,x,2,1,ab^FS')).toEqual(['^GF', '^FS']);
    // A command before the data parameter: the ^GF is short of parameters, the next command is read as one.
    expect(names('^GFB,2^FS^XZ')).toEqual(['^GF', '^FS', '^XZ']);
  });

  it('stops at the end of the input when the count asks for more', () => {
    const [graphic] = commands('^GFB,1000000,8,1,\xff\xff');
    expect(graphic?.binary).toBe('\xff\xff');
  });

  it('lets raw printing split formats at ^XZ outside binary data only', () => {
    const data = '^XZ^XA';
    const first = `^XA^FO0,0^GFB,${data.length},${data.length},2,${data}^FS^PQ2^XZ`;
    const second = '^XA^FO1,1^GB5,5,5^FS^XZ';
    const scan = scanRawZpl(first + second);
    expect(scan.formats).toEqual([
      { start: 0, end: first.length, quantity: 2 },
      { start: first.length, end: first.length + second.length, quantity: 1 },
    ]);
  });
});
