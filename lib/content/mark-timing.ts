/**
 * A User Timing mark when a page is decorated: DevTools and the bench (test/bench/inpage.ts) read it from
 * the page's timeline, which content scripts share with the page.
 */
export function markTiming(doc: Document, name: string, papers: number): void {
  try {
    doc.defaultView?.performance?.mark?.(name, { detail: { papers } });
  } catch {
    // Timing is a nicety; a page without User Timing still gets its chips.
  }
}
