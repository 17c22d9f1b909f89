// Labelary's PDF sheet headers for the ZPL viewer: X-Page-Size, X-Page-Orientation, X-Page-Layout, X-Page-Align and X-Page-Vertical-Align place the labels N-up on paper pages.
import { BadRequestError } from '../errors';
import type { SheetPlacement } from '../sheets/sheetLayout';

/** Paper sizes by name, in points, portrait. */
const MM = 72 / 25.4;
export const ZPL_PAGE_SIZES: Record<string, readonly [number, number]> = {
  Letter: [8.5 * 72, 11 * 72],
  Legal: [8.5 * 72, 14 * 72],
  Tabloid: [11 * 72, 17 * 72],
  A4: [210 * MM, 297 * MM],
  A5: [148 * MM, 210 * MM],
  A6: [105 * MM, 148 * MM],
};
const ORIENTATIONS = ['Portrait', 'Landscape'] as const;
const ALIGNS = ['Left', 'Right', 'Center', 'Justify'] as const;
const VERTICAL_ALIGNS = ['Top', 'Bottom', 'Center', 'Justify'] as const;
/** The most labels across or down a page: a layout past it is a mistake, and it bounds the page's drawing work. */
const MAX_PER_SIDE = 20;
/** Half a point of slack, as sheets have: paper sizes in mm do not add up to the last hundredth. */
const FIT_TOLERANCE = 0.5;

/** The sheet headers of a request as read: absent ones keep their defaults. */
export interface ZplPageRequest {
  /** Paper size in points as oriented; undefined: exactly the layout's labels. */
  page?: readonly [number, number];
  columns: number;
  rows: number;
  align: (typeof ALIGNS)[number];
  verticalAlign: (typeof VERTICAL_ALIGNS)[number];
}

/** `value` as one of `choices`, case-insensitively; BAD_REQUEST naming the header and the choices. */
function choose<T extends string>(header: string, value: string, choices: readonly T[]): T {
  const chosen = choices.find((choice) => choice.toLowerCase() === value.toLowerCase());
  if (chosen === undefined)
    throw new BadRequestError(`${header} must be one of ${choices.join(', ')}, got ${JSON.stringify(value)}`);
  return chosen;
}

/**
 * The sheet headers (`get` reads a request header, '' when absent); undefined when none is sent: a page a label, each
 * the label's size. X-Page-Layout is COLUMNSxROWS (default 1x1); X-Page-Size a paper name (default: the layout's
 * labels exactly); X-Page-Orientation Portrait (default) or Landscape; X-Page-Align Left, Right, Center (default) or
 * Justify; X-Page-Vertical-Align Top, Bottom, Center (default) or Justify.
 */
export function readZplPageHeaders(get: (name: string) => string): ZplPageRequest | undefined {
  const [size, orientation, layout, align, verticalAlign] = [
    get('X-Page-Size'),
    get('X-Page-Orientation'),
    get('X-Page-Layout'),
    get('X-Page-Align'),
    get('X-Page-Vertical-Align'),
  ].map((value) => value.trim()) as [string, string, string, string, string];
  if (!size && !orientation && !layout && !align && !verticalAlign) return undefined;
  let columns = 1;
  let rows = 1;
  if (layout) {
    const match = /^(\d{1,3})x(\d{1,3})$/i.exec(layout);
    [columns, rows] = [Number(match?.[1]), Number(match?.[2])];
    if (!match || columns < 1 || rows < 1 || columns > MAX_PER_SIDE || rows > MAX_PER_SIDE) {
      throw new BadRequestError(
        `X-Page-Layout must be COLUMNSxROWS, each 1 to ${MAX_PER_SIDE} (e.g. 2x3), got ${JSON.stringify(layout)}`,
      );
    }
  }
  let page: readonly [number, number] | undefined;
  if (size) {
    const portrait = ZPL_PAGE_SIZES[choose('X-Page-Size', size, Object.keys(ZPL_PAGE_SIZES))] as readonly [
      number,
      number,
    ];
    const landscape = orientation !== '' && choose('X-Page-Orientation', orientation, ORIENTATIONS) === 'Landscape';
    page = landscape ? [portrait[1], portrait[0]] : portrait;
  } else if (orientation) {
    choose('X-Page-Orientation', orientation, ORIENTATIONS);
  }
  return {
    ...(page === undefined ? {} : { page }),
    columns,
    rows,
    align: align ? choose('X-Page-Align', align, ALIGNS) : 'Center',
    verticalAlign: verticalAlign ? choose('X-Page-Vertical-Align', verticalAlign, VERTICAL_ALIGNS) : 'Center',
  };
}

/** Where `count` cells of `cell` points sit along a side of `side` points: the margin before the first, the gap between. */
function spread(
  side: number,
  cell: number,
  count: number,
  align: 'start' | 'end' | 'center' | 'justify',
): { margin: number; gap: number } {
  const free = Math.max(0, side - cell * count);
  if (align === 'start') return { margin: 0, gap: 0 };
  if (align === 'end') return { margin: free, gap: 0 };
  if (align === 'center') return { margin: free / 2, gap: 0 };
  // Justify: equal space before, between and after the labels.
  return { margin: free / (count + 1), gap: free / (count + 1) };
}

const HORIZONTAL = { Left: 'start', Right: 'end', Center: 'center', Justify: 'justify' } as const;
const VERTICAL = { Top: 'start', Bottom: 'end', Center: 'center', Justify: 'justify' } as const;

/**
 * The sheet that places labels of `label` points (as drawn, after X-Rotation) on the requested pages; BAD_REQUEST
 * when the layout's labels do not fit the paper.
 */
export function zplPagePlacement(request: ZplPageRequest, label: { width: number; height: number }): SheetPlacement {
  const { columns, rows } = request;
  const [pageWidth, pageHeight] = request.page ?? [label.width * columns, label.height * rows];
  const [needWidth, needHeight] = [label.width * columns, label.height * rows];
  if (needWidth > pageWidth + FIT_TOLERANCE || needHeight > pageHeight + FIT_TOLERANCE) {
    const inches = (points: number) => (points / 72).toFixed(2);
    throw new BadRequestError(
      `${columns}x${rows} labels of ${inches(label.width)} x ${inches(label.height)} in need ${inches(needWidth)} x ${inches(needHeight)} in, more than the ${inches(pageWidth)} x ${inches(pageHeight)} in page: choose a larger X-Page-Size, the other X-Page-Orientation or fewer labels in X-Page-Layout`,
    );
  }
  const across = spread(pageWidth, label.width, columns, HORIZONTAL[request.align]);
  const down = spread(pageHeight, label.height, rows, VERTICAL[request.verticalAlign]);
  return {
    pageWidth,
    pageHeight,
    columns,
    rows,
    marginLeft: across.margin,
    marginTop: down.margin,
    gapX: across.gap,
    gapY: down.gap,
  };
}
