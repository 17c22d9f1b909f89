// The main window's remembered bounds and maximized state: parsed and checked from their file, and placed on a display that shows them.
import { z } from 'zod';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const windowStateSchema = z.strictObject({
  /** The normal (not maximized) bounds, so un-maximizing returns to them. */
  bounds: z.strictObject({
    x: z.number().int(),
    y: z.number().int(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
  }),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

/** The first window: the target of 1280 × 800 (smaller when the screen is). */
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const;
/** Below this the editor's panels do not fit. */
export const MIN_WINDOW_SIZE = { width: 800, height: 560 } as const;

/** The saved state, or undefined for a missing, unreadable or hand-broken file: the window then opens as on first start. */
export function parseWindowState(text: string | undefined): WindowState | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = windowStateSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function overlapArea(a: Rectangle, b: Rectangle): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

export interface WindowPlacement {
  /** x and y are left out for a first start: the window system centres it. */
  bounds: { width: number; height: number; x?: number; y?: number };
  maximized: boolean;
}

/**
 * Where to open the window: on the display (work area, without task bars) that shows most of the saved bounds, made
 * to fit it wholly; on the primary display when none shows any of it (a monitor since unplugged), or on first start.
 */
export function placeWindow(
  saved: WindowState | undefined,
  workAreas: readonly Rectangle[],
  primary: Rectangle,
): WindowPlacement {
  const fit = (size: { width: number; height: number }, area: Rectangle) => ({
    width: clamp(size.width, Math.min(MIN_WINDOW_SIZE.width, area.width), area.width),
    height: clamp(size.height, Math.min(MIN_WINDOW_SIZE.height, area.height), area.height),
  });
  if (!saved) return { bounds: fit(DEFAULT_WINDOW_SIZE, primary), maximized: false };
  let area = primary;
  let best = 0;
  for (const candidate of workAreas) {
    const shown = overlapArea(saved.bounds, candidate);
    if (shown > best) {
      best = shown;
      area = candidate;
    }
  }
  const size = fit(saved.bounds, area);
  const x =
    best > 0
      ? clamp(saved.bounds.x, area.x, area.x + area.width - size.width)
      : area.x + Math.round((area.width - size.width) / 2);
  const y =
    best > 0
      ? clamp(saved.bounds.y, area.y, area.y + area.height - size.height)
      : area.y + Math.round((area.height - size.height) / 2);
  return { bounds: { ...size, x, y }, maximized: saved.maximized };
}
