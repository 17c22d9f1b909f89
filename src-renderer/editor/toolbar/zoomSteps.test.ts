import { describe, expect, it } from 'vitest';
import { canZoomIn, canZoomOut, TRUE_SIZE, zoomForPercent, zoomIn, zoomOut, zoomPercent } from './zoomSteps';

describe('zoom steps', () => {
  it('reads 100 % at true size', () => {
    expect(zoomPercent(TRUE_SIZE)).toBe(100);
    expect(zoomPercent(zoomForPercent(250))).toBe(250);
  });

  it('steps from any zoom to the next step, within 25 to 800 %', () => {
    expect(zoomPercent(zoomIn(TRUE_SIZE))).toBe(125);
    expect(zoomPercent(zoomOut(TRUE_SIZE))).toBe(75);
    // A fitted zoom between steps goes to the neighbouring steps.
    expect(zoomPercent(zoomIn(zoomForPercent(137)))).toBe(150);
    expect(zoomPercent(zoomOut(zoomForPercent(137)))).toBe(125);
    expect(zoomPercent(zoomIn(zoomForPercent(800)))).toBe(800);
    expect(zoomPercent(zoomOut(zoomForPercent(25)))).toBe(25);
    // Beyond the range (a wheel zoom), the buttons bring it back inside.
    expect(zoomPercent(zoomOut(zoomForPercent(2000)))).toBe(800);
    expect(zoomPercent(zoomIn(zoomForPercent(10)))).toBe(25);
  });

  it('disables the buttons at the ends', () => {
    expect(canZoomIn(zoomForPercent(800))).toBe(false);
    expect(canZoomOut(zoomForPercent(25))).toBe(false);
    expect(canZoomIn(TRUE_SIZE) && canZoomOut(TRUE_SIZE)).toBe(true);
  });
});
