/**
 * The order a long page is decorated in: the entries in view first, then the ones below it, then the
 * ones above (nearest first), so what the reader looks at gets its chips first. Entries come in page
 * order, top to bottom, so the first one in view is found by bisection: about 11 layout reads for 2000
 * entries, made before anything is written to the page (the layout is clean then and the reads are free).
 */
export function inViewportOrder<T>(items: readonly T[], entryOf: (item: T) => Element): T[] {
  return orderFrom(items, firstNotAbove(items, entryOf));
}

/** The same order from a known first item (the first entry near the viewport, say): no layout read. */
export function orderFrom<T>(items: readonly T[], first: number): T[] {
  if (first <= 0) return [...items];
  if (first >= items.length) return [...items].reverse();
  return [...items.slice(first), ...items.slice(0, first).reverse()];
}

/** Index of the first item whose entry ends below the top of the viewport; 0 when nothing can tell. */
function firstNotAbove<T>(items: readonly T[], entryOf: (item: T) => Element): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const bottom = bottomOf(entryOf(items[mid]!));
    if (bottom === null) return 0;
    if (bottom <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function bottomOf(el: Element): number | null {
  const rect = el.getBoundingClientRect?.();
  // A page with no layout (a hidden frame, a test DOM) measures every entry as 0 × 0: keep page order.
  if (!rect || (rect.height === 0 && rect.width === 0)) return null;
  return rect.bottom;
}
