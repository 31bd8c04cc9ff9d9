import { ArxivApiError } from '../arxiv/api-error';
import type { Paper } from '../paper';
import type { RangeTask } from '../store/sync-types';

/** One page of results; `skipped` lists entries present but unreadable (they count towards a full page). */
export interface SourcePage {
  totalResults: number;
  papers: Paper[];
  skipped?: readonly unknown[];
}

export interface ReadPage {
  /** Papers of the page inside the range asked for. */
  papers: Paper[];
  /** The range has nothing older than this page. */
  complete: boolean;
  oldest?: number;
  newest?: number;
}

/**
 * What one page of a range says. The range ends with a short page: arXiv's `totalResults` has been seen
 * lower than the papers there are, and trusting it dropped the rest of the range. A page that cannot move
 * the range's top down (every entry unreadable, or a full page with nothing inside the range) is a failure
 * of this range, retried later, never taken as its end.
 */
export function readPage(page: SourcePage, task: RangeTask, pageSize: number): ReadPage {
  const skipped = page.skipped?.length ?? 0;
  if (page.papers.length === 0 && skipped > 0) {
    throw new ArxivApiError('malformed', `All ${skipped} entries of the page were unreadable`);
  }
  const papers = page.papers.filter((p) => p.published >= task.from && p.published <= task.to);
  const complete = page.papers.length + skipped < pageSize;
  if (!complete && papers.length === 0) {
    throw new ArxivApiError('malformed', 'A full page held no paper of the range asked for');
  }
  const times = papers.map((p) => p.published);
  return {
    papers,
    complete,
    ...(times.length ? { oldest: Math.min(...times), newest: Math.max(...times) } : {}),
  };
}
