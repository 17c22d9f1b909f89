// Zoom as people read it: 100 % is the label at its true size on screen (96 px per inch), with the usual steps from 25 to 800 %.

/** Screen pixels per point at 100 %. */
export const TRUE_SIZE = 96 / 72;
export const ZOOM_STEPS = [25, 33, 50, 67, 75, 100, 125, 150, 200, 300, 400, 600, 800] as const;
export const MIN_PERCENT = 25;
export const MAX_PERCENT = 800;

export function zoomPercent(zoom: number): number {
  return Math.round((zoom / TRUE_SIZE) * 100);
}

export function zoomForPercent(percent: number): number {
  return (percent / 100) * TRUE_SIZE;
}

/** The next step above the current zoom (800 % at most). */
export function zoomIn(zoom: number): number {
  const percent = (zoom / TRUE_SIZE) * 100;
  return zoomForPercent(ZOOM_STEPS.find((step) => step > percent + 0.5) ?? MAX_PERCENT);
}

/** The next step below the current zoom (25 % at least). */
export function zoomOut(zoom: number): number {
  const percent = (zoom / TRUE_SIZE) * 100;
  return zoomForPercent([...ZOOM_STEPS].reverse().find((step) => step < percent - 0.5) ?? MIN_PERCENT);
}

export const canZoomIn = (zoom: number) => zoomPercent(zoom) < MAX_PERCENT;
export const canZoomOut = (zoom: number) => zoomPercent(zoom) > MIN_PERCENT;
