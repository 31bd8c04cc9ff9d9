import type { FoundPaper } from '../sites/types';

/**
 * The head of a long listing: the entries near the viewport, known while the page is still being read.
 * Reading 2000 entries takes a few hundred ms; the rows the reader looks at need not wait for it. The page
 * is read top to bottom, so once an entry read lies below the near zone, every entry near the viewport
 * has been read, and their rows can be asked for and placed at once, before the rest is read.
 */

/** How far beyond the viewport an entry counts as near: the observer's margin (near-viewport.ts). */
export const HEAD_MARGIN_PX = 2400;
/** Layout is looked at every this many entries read (each look is one clean layout read). */
const LOOK_EVERY = 8;

export interface HeadFound {
  /** Every paper read so far, in page order (keys are given in page order, duplicates counted). */
  prefix: FoundPaper[];
  /** Those of them whose entry is near the viewport. */
  near: Set<FoundPaper>;
  /** Index in `prefix` of the first near one. */
  firstNear: number;
  /** Found from the page's layout (so it is clean now), not from entry counts alone. */
  laidOut: boolean;
}

export interface HeadWatch {
  /** A paper just read, in page order: the head, the one time reading has just passed below the near zone. */
  see(paper: FoundPaper): HeadFound | null;
}

type ViewportWindow = Pick<Window, 'innerHeight'>;

/**
 * Watches a listing being read. Reads layout only (never writes), so while nothing has been written to
 * the page each read costs nothing. Gives up where the page has no layout (every entry 0 × 0).
 */
export function createHeadWatch(win: ViewportWindow, margin = HEAD_MARGIN_PX): HeadWatch {
  const read: FoundPaper[] = [];
  let done = false;
  const rectOf = (p: FoundPaper) => p.entry.getBoundingClientRect?.();
  return {
    see(paper) {
      if (done) return null;
      read.push(paper);
      if (read.length % LOOK_EVERY !== 0) return null;
      const rect = rectOf(paper);
      if (!rect || (rect.width === 0 && rect.height === 0)) {
        done = true;
        return null;
      }
      const below = win.innerHeight + margin;
      if (rect.top <= below) return null;
      done = true;
      const near = new Set<FoundPaper>();
      let firstNear = -1;
      read.forEach((p, i) => {
        const r = rectOf(p);
        if (!r || r.bottom <= -margin || r.top >= below) return;
        near.add(p);
        if (firstNear < 0) firstNear = i;
      });
      return near.size > 0 ? { prefix: [...read], near, firstNear, laidOut: true } : null;
    },
  };
}

/**
 * Entries taken as the head of a listing that opens at its top, before the page has been laid out: more
 * than fit in a tall viewport plus the near margin (arXiv entries are 100-200 px), few enough for one
 * small request. The observer places the rest as they come near.
 */
export const TOP_HEAD_ENTRIES = 40;

/**
 * Whether a page opens at its top: a plain navigation to a URL without a fragment. A reload or a step
 * through history restores the scroll, and a fragment scrolls to its target.
 */
export function opensAtTop(url: URL, navigationType: string | undefined): boolean {
  return url.hash === '' && (navigationType === undefined || navigationType === 'navigate');
}

/**
 * The head of a listing that opens at its top, with no layout read at all: its first `count` entries.
 * The content script runs as soon as the page is parsed (document_end), before the page's first layout;
 * a layout read then would do that layout, hundreds of ms on a 2000-entry listing, inside our task.
 */
export function createTopHeadWatch(count = TOP_HEAD_ENTRIES): HeadWatch {
  const read: FoundPaper[] = [];
  return {
    see(paper) {
      if (read.length >= count) return null;
      read.push(paper);
      if (read.length < count) return null;
      return { prefix: [...read], near: new Set(read), firstNear: 0, laidOut: false };
    },
  };
}

/** How the page was reached ('navigate', 'reload', 'back_forward'…), where the browser says. */
export function navigationType(win: Pick<Window, 'performance'>): string | undefined {
  try {
    const [entry] = win.performance?.getEntriesByType?.('navigation') ?? [];
    return (entry as PerformanceNavigationTiming | undefined)?.type;
  } catch {
    return undefined;
  }
}

/**
 * Whether the page has painted, so has been laid out: with nothing written since, a layout read costs
 * nothing. Chrome may inject a document_end script before the page's first frame or after it.
 */
export function hasPainted(win: Pick<Window, 'performance'>): boolean {
  try {
    return (win.performance?.getEntriesByType?.('paint') ?? []).length > 0;
  } catch {
    return false;
  }
}
