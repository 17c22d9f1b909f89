import { describe, expect, it } from 'vitest';
import { choosePrinter, DEFAULT_CANVAS_TARGET, syncCanvasTarget } from './canvasTarget';

const printers = [
  { id: 'a', dpi: 203 as const },
  { id: 'b', dpi: 300 as const },
];

describe('canvas target', () => {
  it('draws for 203 dpi with no printer chosen', () => {
    expect(DEFAULT_CANVAS_TARGET).toEqual({ printerId: null, dpi: 203 });
  });

  it('takes a chosen printer’s resolution', () => {
    expect(choosePrinter({ printerId: null, dpi: 600 }, 'b', printers)).toEqual({ printerId: 'b', dpi: 300 });
  });

  it('keeps the picked resolution when no printer is chosen', () => {
    const target = { printerId: null, dpi: 600 as const };
    expect(syncCanvasTarget(target, printers)).toBe(target);
    expect(choosePrinter({ printerId: 'a', dpi: 203 }, null, printers)).toEqual({ printerId: null, dpi: 203 });
  });

  it('follows a printer whose resolution was edited, and keeps the resolution of one removed', () => {
    expect(syncCanvasTarget({ printerId: 'a', dpi: 600 }, printers)).toEqual({ printerId: 'a', dpi: 203 });
    expect(syncCanvasTarget({ printerId: 'gone', dpi: 300 }, printers)).toEqual({ printerId: null, dpi: 300 });
  });
});
