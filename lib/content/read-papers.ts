import type { FoundPaper, SiteAdapter } from '../sites/types';
import { forEachSliced, type SliceOptions } from './slice-work';

/**
 * The papers an adapter finds on the page, read a slice at a time where the adapter can read entry by
 * entry (`extractEach`: 2000 listing entries are 100-250 ms of reading), else in one go. Null when the
 * work was stopped; `[]` when the adapter fails, since a page we decorate must never break.
 */
export async function readPapers(
  adapter: SiteAdapter | undefined,
  doc: Document,
  url: URL,
  slicing: SliceOptions,
  /** Told of each paper as it is read, in page order. */
  onEach?: (paper: FoundPaper) => void,
): Promise<FoundPaper[] | null> {
  if (!adapter) return [];
  const found: FoundPaper[] = [];
  try {
    if (!adapter.extractEach) return adapter.extract(doc, url);
    const done = await forEachSliced(
      adapter.extractEach(doc, url),
      (p) => {
        found.push(p);
        onEach?.(p);
      },
      slicing,
    );
    return done ? found : null;
  } catch {
    return slicing.shouldStop?.() ? null : [];
  }
}
