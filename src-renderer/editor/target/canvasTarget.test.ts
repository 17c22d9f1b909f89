import { describe, expect, it } from 'vitest';
import { choosePrinter, DEFAULT_CANVAS_TARGET, syncCanvasTarget } from './canvasTarget';

const media = { width: '4in', height: '6in' };
const printers = [
  { id: 'a', dpi: 203 as const, media: null, darkness: null, unprintableMargin: null },
  { id: 'b', dpi: 300 as const, media, darkness: null, unprintableMargin: null },
  { id: 'c', dpi: 203 as const, media: null, darkness: 28, unprintableMargin: '1.5mm' },
];

describe('canvas target', () => {
  it('draws for 203 dpi with no printer chosen', () => {
    expect(DEFAULT_CANVAS_TARGET).toEqual({ printerId: null, dpi: 203, media: null, darkness: null, unprintableMargin: null });
  });

  it('takes a chosen printer’s resolution', () => {
    expect(choosePrinter({ printerId: null, dpi: 600, media: null, darkness: null, unprintableMargin: null }, 'b', printers)).toEqual({ printerId: 'b', dpi: 300, media, darkness: null, unprintableMargin: null });
  });

  it('keeps the picked resolution when no printer is chosen', () => {
    const target = { printerId: null, dpi: 600 as const, media: null, darkness: null, unprintableMargin: null };
    expect(syncCanvasTarget(target, printers)).toBe(target);
    expect(choosePrinter({ printerId: 'b', dpi: 300, media, darkness: null, unprintableMargin: null }, null, printers)).toEqual({ printerId: null, dpi: 300, media: null, darkness: null, unprintableMargin: null });
  });

  it('follows a printer whose resolution, media, darkness or margin was edited, and keeps the resolution of one removed', () => {
    expect(syncCanvasTarget({ printerId: 'a', dpi: 600, media: null, darkness: null, unprintableMargin: null }, printers)).toEqual({ printerId: 'a', dpi: 203, media: null, darkness: null, unprintableMargin: null });
    expect(syncCanvasTarget({ printerId: 'b', dpi: 300, media: null, darkness: null, unprintableMargin: null }, printers)).toEqual({ printerId: 'b', dpi: 300, media, darkness: null, unprintableMargin: null });
    const current = { printerId: 'b', dpi: 300 as const, media: { ...media }, darkness: null, unprintableMargin: null };
    expect(syncCanvasTarget(current, printers)).toBe(current);
    expect(syncCanvasTarget({ printerId: 'c', dpi: 203, media: null, darkness: null, unprintableMargin: null }, printers)).toEqual({ printerId: 'c', dpi: 203, media: null, darkness: 28, unprintableMargin: '1.5mm' });
    expect(syncCanvasTarget({ printerId: 'gone', dpi: 300, media, darkness: null, unprintableMargin: null }, printers)).toEqual({ printerId: null, dpi: 300, media: null, darkness: null, unprintableMargin: null });
  });
});
