import { describe, expect, it } from 'vitest';
import { choosePrinter, DEFAULT_CANVAS_TARGET, syncCanvasTarget } from './canvasTarget';

const media = { width: '4in', height: '6in' };
const printers = [
  { id: 'a', dpi: 203 as const, media: null },
  { id: 'b', dpi: 300 as const, media },
];

describe('canvas target', () => {
  it('draws for 203 dpi with no printer chosen', () => {
    expect(DEFAULT_CANVAS_TARGET).toEqual({ printerId: null, dpi: 203, media: null });
  });

  it('takes a chosen printer’s resolution', () => {
    expect(choosePrinter({ printerId: null, dpi: 600, media: null }, 'b', printers)).toEqual({ printerId: 'b', dpi: 300, media });
  });

  it('keeps the picked resolution when no printer is chosen', () => {
    const target = { printerId: null, dpi: 600 as const, media: null };
    expect(syncCanvasTarget(target, printers)).toBe(target);
    expect(choosePrinter({ printerId: 'b', dpi: 300, media }, null, printers)).toEqual({ printerId: null, dpi: 300, media: null });
  });

  it('follows a printer whose resolution or media was edited, and keeps the resolution of one removed', () => {
    expect(syncCanvasTarget({ printerId: 'a', dpi: 600, media: null }, printers)).toEqual({ printerId: 'a', dpi: 203, media: null });
    expect(syncCanvasTarget({ printerId: 'b', dpi: 300, media: null }, printers)).toEqual({ printerId: 'b', dpi: 300, media });
    const current = { printerId: 'b', dpi: 300 as const, media: { ...media } };
    expect(syncCanvasTarget(current, printers)).toBe(current);
    expect(syncCanvasTarget({ printerId: 'gone', dpi: 300, media }, printers)).toEqual({ printerId: null, dpi: 300, media: null });
  });
});
