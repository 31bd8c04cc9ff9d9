/**
 * Which entries of a long listing come near the viewport. A 2000-entry listing decorated at once cost the
 * page long frames (the renderer updates 2000 entries and 2000 shadow hosts, whatever our script does): only
 * rows near what the reader sees get their host, the rest cost nothing until scrolled to (DESIGN.md allows
 * it: a paper may be decorated when it first comes near the viewport, and stays decorated).
 */

/** How far beyond the viewport an entry counts as near (two to three screens): a fast scroll still finds its row drawn. */
export const NEAR_MARGIN = '2400px 0px';
/** Listings with more entries than this are decorated near the viewport; shorter ones at once. */
export const NEAR_ONLY_ABOVE = 150;

export interface NearViewport<T> {
  /** Reports each item once, when its element first comes near the viewport (or is near already). */
  watch(items: readonly T[], elementOf: (item: T) => Element): void;
  /** Stops watching (a new run of the page, or the page torn down). */
  stop(): void;
}

type ObserverWindow = { IntersectionObserver?: typeof IntersectionObserver };

/** Null where the page has no IntersectionObserver (the caller then decorates everything at once). */
export function createNearViewport<T>(
  win: ObserverWindow | null | undefined,
  near: (items: T[]) => void,
  margin = NEAR_MARGIN,
): NearViewport<T> | null {
  const Observer = win?.IntersectionObserver;
  if (typeof Observer !== 'function') return null;
  const waiting = new Map<Element, T[]>();
  const observer = new Observer(
    (entries) => {
      const found: T[] = [];
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const items = waiting.get(entry.target);
        if (!items) continue;
        waiting.delete(entry.target);
        observer.unobserve(entry.target);
        found.push(...items);
      }
      if (found.length) near(found);
    },
    { rootMargin: margin },
  );
  return {
    watch(items, elementOf) {
      for (const item of items) {
        const element = elementOf(item);
        const list = waiting.get(element);
        if (list) {
          if (!list.includes(item)) list.push(item);
          continue;
        }
        waiting.set(element, [item]);
        observer.observe(element);
      }
    },
    stop() {
      observer.disconnect();
      waiting.clear();
    },
  };
}
