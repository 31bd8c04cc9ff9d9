import { paperTime } from '../dates';
import type { PaperRef } from '../paper';
import type { SavedRecord, StoredPaper } from '../store/schema';

/**
 * The reading-list copy of a paper: the index's metadata when it has the paper (arXiv's own), else what
 * the page showed. A page's full author list beats the index's first ten.
 */
export function savedRecord(
  id: string,
  from: { stored?: StoredPaper | undefined; ref?: PaperRef | undefined; topics: string[] },
  now: number,
): SavedRecord {
  const { stored, ref } = from;
  const refAuthors = ref?.authors ?? [];
  const authors = stored && stored.authors.length >= refAuthors.length ? stored.authors : refAuthors;
  const record: SavedRecord = {
    id,
    title: stored?.title || ref?.title || '',
    authors,
    authorCount: Math.max(stored?.authorCount ?? 0, authors.length),
    primary: stored?.primary ?? ref?.categories[0] ?? '',
    categories: stored?.categories ?? ref?.categories ?? [],
    published: stored?.published ?? dateOf(ref?.published),
    updated: stored?.updated ?? 0,
    topics: from.topics,
    savedAt: now,
    read: false,
  };
  const doi = stored?.doi ?? ref?.doi;
  if (doi) record.doi = doi;
  return record;
}

/**
 * A record saved before the index had its paper (from a PDF tab, say), completed once the index has it;
 * undefined when there is nothing to add. The reader's own fields (savedAt, read) are kept.
 */
export function completeRecord(
  record: SavedRecord,
  stored: StoredPaper | undefined,
): SavedRecord | undefined {
  if (!stored || (record.published !== 0 && record.updated !== 0 && record.title)) return undefined;
  const fresh = savedRecord(record.id, { stored, topics: stored.topics }, record.savedAt);
  const authors = record.authors.length > fresh.authors.length ? record.authors : fresh.authors;
  return { ...fresh, authors, authorCount: Math.max(fresh.authorCount, authors.length), read: record.read };
}

/** A page's date of the paper, when it is a plausible one (a page can say anything): else 0, not known. */
function dateOf(iso: string | undefined): number {
  return paperTime(iso ? Date.parse(iso) : 0);
}
