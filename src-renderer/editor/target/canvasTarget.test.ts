import { describe, expect, it } from 'vitest';
import {
  choosePrinter,
  DEFAULT_CANVAS_TARGET,
  rememberCanvasTarget,
  rememberedCanvasTarget,
  syncCanvasTarget,
} from './canvasTarget';

const media = { width: '4in', height: '6in' };
const printers = [
  {
    id: 'a',
    dpi: 203 as const,
    media: null,
    darkness: null,
    unprintableMargin: null,
    topOffset: null,
    leftOffset: null,
  },
  { id: 'b', dpi: 300 as const, media, darkness: null, unprintableMargin: null, topOffset: null, leftOffset: null },
  {
    id: 'c',
    dpi: 203 as const,
    media: null,
    darkness: 28,
    unprintableMargin: '1.5mm',
    topOffset: '1mm',
    leftOffset: null,
  },
];

describe('canvas target', () => {
  it('draws for 203 dpi with no printer chosen', () => {
    expect(DEFAULT_CANVAS_TARGET).toEqual({
      printerId: null,
      dpi: 203,
      media: null,
      darkness: null,
      unprintableMargin: null,
      topOffset: null,
      leftOffset: null,
    });
  });

  it('takes a chosen printer’s resolution', () => {
    expect(
      choosePrinter(
        {
          printerId: null,
          dpi: 600,
          media: null,
          darkness: null,
          unprintableMargin: null,
          topOffset: null,
          leftOffset: null,
        },
        'b',
        printers,
      ),
    ).toEqual({
      printerId: 'b',
      dpi: 300,
      media,
      darkness: null,
      unprintableMargin: null,
      topOffset: null,
      leftOffset: null,
    });
  });

  it('keeps the picked resolution when no printer is chosen', () => {
    const target = {
      printerId: null,
      dpi: 600 as const,
      media: null,
      darkness: null,
      unprintableMargin: null,
      topOffset: null,
      leftOffset: null,
    };
    expect(syncCanvasTarget(target, printers)).toBe(target);
    expect(
      choosePrinter(
        { printerId: 'b', dpi: 300, media, darkness: null, unprintableMargin: null, topOffset: null, leftOffset: null },
        null,
        printers,
      ),
    ).toEqual({
      printerId: null,
      dpi: 300,
      media: null,
      darkness: null,
      unprintableMargin: null,
      topOffset: null,
      leftOffset: null,
    });
  });

  it('follows a printer whose resolution, media, darkness or margin was edited, and keeps the resolution of one removed', () => {
    expect(
      syncCanvasTarget(
        {
          printerId: 'a',
          dpi: 600,
          media: null,
          darkness: null,
          unprintableMargin: null,
          topOffset: null,
          leftOffset: null,
        },
        printers,
      ),
    ).toEqual({
      printerId: 'a',
      dpi: 203,
      media: null,
      darkness: null,
      unprintableMargin: null,
      topOffset: null,
      leftOffset: null,
    });
    expect(
      syncCanvasTarget(
        {
          printerId: 'b',
          dpi: 300,
          media: null,
          darkness: null,
          unprintableMargin: null,
          topOffset: null,
          leftOffset: null,
        },
        printers,
      ),
    ).toEqual({
      printerId: 'b',
      dpi: 300,
      media,
      darkness: null,
      unprintableMargin: null,
      topOffset: null,
      leftOffset: null,
    });
    const current = {
      printerId: 'b',
      dpi: 300 as const,
      media: { ...media },
      darkness: null,
      unprintableMargin: null,
      topOffset: null,
      leftOffset: null,
    };
    expect(syncCanvasTarget(current, printers)).toBe(current);
    expect(
      syncCanvasTarget(
        {
          printerId: 'c',
          dpi: 203,
          media: null,
          darkness: null,
          unprintableMargin: null,
          topOffset: null,
          leftOffset: null,
        },
        printers,
      ),
    ).toEqual({
      printerId: 'c',
      dpi: 203,
      media: null,
      darkness: 28,
      unprintableMargin: '1.5mm',
      topOffset: '1mm',
      leftOffset: null,
    });
    expect(
      syncCanvasTarget(
        {
          printerId: 'gone',
          dpi: 300,
          media,
          darkness: null,
          unprintableMargin: null,
          topOffset: null,
          leftOffset: null,
        },
        printers,
      ),
    ).toEqual({
      printerId: null,
      dpi: 300,
      media: null,
      darkness: null,
      unprintableMargin: null,
      topOffset: null,
      leftOffset: null,
    });
  });

  it('remembers the target between visits, and starts from the default when nothing usable is kept', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    };
    expect(rememberedCanvasTarget(storage)).toBe(DEFAULT_CANVAS_TARGET);
    const target = {
      printerId: 'c',
      dpi: 203 as const,
      media: null,
      darkness: 28,
      unprintableMargin: '1.5mm',
      topOffset: '1mm',
      leftOffset: '-0.5mm',
    };
    rememberCanvasTarget(storage, target);
    expect(rememberedCanvasTarget(storage)).toEqual(target);
    // Kept before printers had offsets: none until the printers are listed again.
    const key = [...kept.keys()][0] ?? '';
    kept.set(key, JSON.stringify({ printerId: 'c', dpi: 203, media: null, darkness: 28, unprintableMargin: null }));
    expect(rememberedCanvasTarget(storage)).toMatchObject({ printerId: 'c', topOffset: null, leftOffset: null });
    for (const damaged of ['{', '{"printerId":null,"dpi":150}', '"203"']) {
      kept.set([...kept.keys()][0] ?? '', damaged);
      expect(rememberedCanvasTarget(storage)).toBe(DEFAULT_CANVAS_TARGET);
    }
    expect(rememberedCanvasTarget(undefined)).toBe(DEFAULT_CANVAS_TARGET);
  });
});
