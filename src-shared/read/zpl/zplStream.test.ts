// splitZplStream: whole formats and host queries out of bytes that arrive in arbitrary pieces.
import { describe, expect, it } from 'vitest';
import { splitZplStream, type ZplStreamPiece } from './zplStream';

/** Feeds `chunks` one after another as a connection would, collecting every piece. */
function feed(chunks: string[]): { pieces: ZplStreamPiece[]; rest: string } {
  const pieces: ZplStreamPiece[] = [];
  let rest = '';
  for (const chunk of chunks) {
    const split = splitZplStream(rest + chunk);
    pieces.push(...split.pieces);
    rest = split.rest;
  }
  return { pieces, rest };
}

const LABEL_1 = '^XA^FO50,50^A0N,30,30^FDOne^FS^XZ';
const LABEL_2 = '^XA^FO50,50^BCN,80,Y,N,N,A^FD1Z999AA10123456784^FS^XZ';

describe('splitZplStream', () => {
  it('gives each format once, whatever the byte boundaries', () => {
    const whole = `${LABEL_1}\r\n${LABEL_2}\r\n`;
    for (let size = 1; size <= whole.length; size += 7) {
      const chunks = [];
      for (let at = 0; at < whole.length; at += size) chunks.push(whole.slice(at, at + size));
      const { pieces, rest } = feed(chunks);
      expect(pieces).toEqual([
        { kind: 'format', text: LABEL_1 },
        { kind: 'format', text: `\r\n${LABEL_2}` },
      ]);
      expect(rest).toBe('\r\n');
    }
  });

  it('answers ~HS and ~HI where they stand and keeps them out of the formats', () => {
    const { pieces, rest } = feed(['~HS^XA^FO1,1^FDa', '~HI^FS^XZ~H', 'S^XA^FO1']);
    expect(pieces).toEqual([
      { kind: 'query', command: '~HS' },
      { kind: 'query', command: '~HI' },
      { kind: 'format', text: '^XA^FO1,1^FDa^FS^XZ' },
      { kind: 'query', command: '~HS' },
    ]);
    expect(rest).toBe('^XA^FO1');
  });

  it('does not cut inside binary graphic data that holds ^XZ', () => {
    const data = 'ab^XZcd';
    const format = `^XA^FO0,0^GFB,${data.length},${data.length},1,${data}^FS^XZ`;
    expect(feed([format.slice(0, 20), format.slice(20)]).pieces).toEqual([{ kind: 'format', text: format }]);
    expect(feed([format.slice(0, 20)]).pieces).toEqual([]);
  });

  it('keeps a download that comes before its format with that format, and a second ^XA inside one', () => {
    const download = '~DGR:LOGO.GRF,2,1,FF00\r\n';
    const format = '^XA^FO1,1^XA^XGR:LOGO.GRF,1,1^FS^XZ';
    expect(feed([download, format]).pieces).toEqual([{ kind: 'format', text: download + format }]);
  });
});
