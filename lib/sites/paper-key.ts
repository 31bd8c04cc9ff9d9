import type { PaperRef } from '../paper';

/** One key per paper on a page: the arXiv id, else `doi:` + DOI, else null (the paper cannot be looked up). */
export function paperKey(ref: Pick<PaperRef, 'arxivId' | 'doi'>): string | null {
  if (ref.arxivId) return ref.arxivId;
  if (ref.doi) return `doi:${ref.doi}`;
  return null;
}
