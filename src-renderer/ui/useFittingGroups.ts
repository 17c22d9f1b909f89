// How many of a one-row toolbar's groups fit beside its "More" button; the others go into that button's menu.
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Width kept for the "More" button before it was ever drawn (it is measured once shown). */
const MORE_BUTTON_GUESS = 80;

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * `row` holds the shown groups as children marked `data-toolbar-group="<index>"` and the "More" button marked
 * `data-toolbar-more`. A group's width is remembered from when it was last shown, so groups moved into the menu are
 * still counted when the window grows again. The row never wraps: a second row would push the canvas down, and
 * the canvas would jump each time the row's content changed.
 */
export function useFittingGroups(row: RefObject<HTMLElement | null>, count: number): number {
  const widths = useRef<number[]>([]);
  const moreWidth = useRef(MORE_BUTTON_GUESS);
  const [fitting, setFitting] = useState(count);

  const measure = useCallback(() => {
    const element = row.current;
    if (!element) return;
    for (const child of element.querySelectorAll<HTMLElement>(':scope > [data-toolbar-group]')) {
      widths.current[Number(child.dataset.toolbarGroup)] = child.getBoundingClientRect().width;
    }
    const more = element.querySelector<HTMLElement>(':scope > [data-toolbar-more]');
    if (more) moreWidth.current = more.getBoundingClientRect().width;
    const style = getComputedStyle(element);
    const gap = parseFloat(style.columnGap) || 0;
    const available = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const width = (groups: number) => sum(widths.current.slice(0, groups)) + gap * Math.max(0, groups - 1);
    if (width(count) <= available) {
      setFitting(count);
      return;
    }
    let groups = count - 1;
    while (groups > 1 && width(groups) + gap + moreWidth.current > available) groups -= 1;
    setFitting(groups);
  }, [row, count]);

  // After every render (before paint): what is shown may have changed the widths known.
  useLayoutEffect(measure);
  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // Widths measured with a fallback font grow once the page's font arrives.
    void document.fonts.ready.then(measure);
    return () => observer.disconnect();
  }, [row, measure]);
  return fitting;
}
