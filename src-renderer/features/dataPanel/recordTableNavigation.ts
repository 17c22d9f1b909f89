// The Data tab's record table read by keyboard: which record a key moves to, which rows are drawn around the current one, and how far its box scrolls to show it.

/** The record a key moves the current one to (arrows one, Page keys a screenful, Home and End the ends); undefined for other keys. */
export function recordAfterKey(key: string, index: number, count: number, pageRows: number): number | undefined {
  const page = Math.max(1, pageRows);
  const target = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    PageDown: index + page,
    PageUp: index - page,
    Home: 0,
    End: count - 1,
  }[key];
  return target === undefined || count === 0 ? undefined : Math.min(count - 1, Math.max(0, target));
}

/**
 * The rows drawn, [from, to): at most `size` of them, the current record among them (a sheet of thousands stays a
 * table of `size` rows, moved along as the current record moves past its middle).
 */
export function shownRows(index: number, count: number, size: number): { from: number; to: number } {
  if (count <= size) return { from: 0, to: count };
  const from = Math.min(count - size, Math.max(0, index - Math.floor(size / 2)));
  return { from, to: from + size };
}

/**
 * The box's scrollTop that shows a row (its top and bottom in the box's content) whole below the sticky header: the
 * same when it is already shown, else just enough to bring it in.
 */
export function scrollToShow(
  row: { top: number; bottom: number },
  box: { scrollTop: number; height: number; header: number },
): number {
  if (row.top - box.header < box.scrollTop) return Math.max(0, row.top - box.header);
  if (row.bottom > box.scrollTop + box.height) return row.bottom - box.height;
  return box.scrollTop;
}
