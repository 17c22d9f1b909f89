// The window's remembered state: what is read back from its file, and where the window opens on the displays there are now.
import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_SIZE, parseWindowState, placeWindow, type WindowState } from './windowState';

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const monitorRight = { x: 1440, y: 0, width: 2560, height: 1400 };
const state = (x: number, y: number, width: number, height: number, maximized = false): WindowState => ({
  bounds: { x, y, width, height },
  maximized,
});

describe('parseWindowState', () => {
  it('reads a saved state', () => {
    expect(parseWindowState('{"bounds":{"x":10,"y":20,"width":1000,"height":700},"maximized":true}')).toEqual(
      state(10, 20, 1000, 700, true),
    );
  });

  it.each([
    ['no file', undefined],
    ['broken JSON', '{"bounds":'],
    ['a negative size', '{"bounds":{"x":0,"y":0,"width":-5,"height":700},"maximized":false}'],
    ['fractions', '{"bounds":{"x":0.5,"y":0,"width":900,"height":700},"maximized":false}'],
    ['a missing field', '{"bounds":{"x":0,"y":0,"width":900,"height":700}}'],
    ['an unknown field', '{"bounds":{"x":0,"y":0,"width":900,"height":700},"maximized":false,"zoom":3}'],
    ['a string', '"maximized"'],
  ])('forgets %s', (_case, text) => {
    expect(parseWindowState(text)).toBeUndefined();
  });
});

describe('placeWindow', () => {
  it('opens at 1280 x 800, centred by the system, on first start', () => {
    expect(placeWindow(undefined, [laptop], laptop)).toEqual({ bounds: DEFAULT_WINDOW_SIZE, maximized: false });
    // A small screen gets a window that fits it.
    const small = { x: 0, y: 0, width: 1024, height: 700 };
    expect(placeWindow(undefined, [small], small).bounds).toEqual({ width: 1024, height: 700 });
  });

  it('restores bounds and the maximized state on the display that shows them', () => {
    expect(placeWindow(state(1600, 100, 1200, 900, true), [laptop, monitorRight], laptop)).toEqual({
      bounds: { x: 1600, y: 100, width: 1200, height: 900 },
      maximized: true,
    });
  });

  it('pulls a window hanging off the edge back onto its display', () => {
    // Mostly on the laptop, its right part past the laptop's edge and its top above the screen.
    expect(placeWindow(state(600, -50, 1000, 700), [laptop], laptop).bounds).toEqual({
      x: 440,
      y: 0,
      width: 1000,
      height: 700,
    });
  });

  it('shrinks a window larger than its display to fit', () => {
    expect(placeWindow(state(100, 100, 3000, 2000), [laptop], laptop).bounds).toEqual({
      x: 0,
      y: 0,
      width: 1440,
      height: 875,
    });
  });

  it('moves a window from an unplugged monitor to the centre of the primary display', () => {
    expect(placeWindow(state(3000, 200, 1200, 800), [laptop], laptop).bounds).toEqual({
      x: 120,
      y: 38,
      width: 1200,
      height: 800,
    });
  });

  it('keeps a sensible minimum size', () => {
    expect(placeWindow(state(10, 10, 200, 100), [laptop], laptop).bounds).toEqual({
      x: 10,
      y: 10,
      width: 800,
      height: 560,
    });
  });
});
