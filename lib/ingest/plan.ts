import { MAX_RETRY_AFTER_MS } from '../arxiv/rate-limiter';
import type { CategorySync, RangeTask, SyncState } from '../store/sync-types';

/**
 * What the ingestion still has to fetch, per tracked category, as ranges of first-version time.
 * Pure: the ingestor persists this state after every page (in the same transaction as the papers),
 * so a worker stopped mid-way resumes exactly where it was.
 */

export const DAY_MS = 86_400_000;
/** A refresh re-reads this much before the newest paper it has: late announcements and replacements. */
export const REFRESH_OVERLAP_MS = 2 * DAY_MS;

export interface PlanSettings {
  categories: readonly string[];
  historyWeeks: number;
}

/**
 * Adds the work a pass needs: a backfill of the history window for categories never fetched (or for
 * the part of a grown window not covered yet), and, when `refresh` is set, the span from a little before
 * the newest paper up to now. Untracked categories are dropped.
 */
export function planSync(state: SyncState, settings: PlanSettings, now: number, refresh: boolean): SyncState {
  const windowStart = now - settings.historyWeeks * 7 * DAY_MS;
  const categories: Record<string, CategorySync> = {};
  for (const category of settings.categories) {
    const current = state.categories[category];
    if (!current) {
      categories[category] = { pending: [{ from: windowStart, to: now }], coveredFrom: windowStart };
      continue;
    }
    const pending = [...current.pending];
    let coveredFrom = current.coveredFrom ?? windowStart;
    if (refresh && current.newest !== undefined) {
      const from = Math.max(windowStart, current.newest - REFRESH_OVERLAP_MS);
      if (!pending.some((task) => task.from <= from && task.to >= now)) pending.unshift({ from, to: now });
    }
    if (coveredFrom > windowStart) {
      pending.push({ from: windowStart, to: coveredFrom });
      coveredFrom = windowStart;
    }
    categories[category] = { ...current, pending, coveredFrom };
  }
  const next: SyncState = { ...state, categories };
  const remaining = remainingSpan(next);
  // A new pass starts counting progress afresh; work added to a running pass extends it.
  next.planned =
    remainingSpan(state) === 0 ? remaining : state.planned + Math.max(0, remaining - remainingSpan(state));
  return next;
}

export function remainingSpan(state: SyncState): number {
  let total = 0;
  for (const sync of Object.values(state.categories)) {
    for (const task of sync.pending) total += Math.max(0, task.to - task.from);
  }
  return total;
}

/** 0..1 progress of the running pass; 1 when nothing is pending. */
export function syncProgress(state: SyncState): number {
  const remaining = remainingSpan(state);
  if (remaining === 0 || state.planned <= 0) return 1;
  return Math.min(1, Math.max(0, 1 - remaining / state.planned));
}

/**
 * The next range to fetch: the first category (in tracked order) with work that is not backing off
 * (`now` omitted: backoffs ignored), newest range first.
 */
export function nextTask(state: SyncState, now?: number): { category: string; task: RangeTask } | undefined {
  for (const [category, sync] of Object.entries(state.categories)) {
    const task = sync.pending[0];
    if (task && (now === undefined || (sync.notBefore ?? 0) <= now)) return { category, task };
  }
  return undefined;
}

/**
 * The state after one page of `task` of `category`: `done` when the page reached the range's start, else
 * the range's top moves down to the oldest paper on the page (inclusive, so papers sharing that minute are
 * read again and deduplicated by id, not skipped). The task is found by its bounds in `state`, which is
 * read again when the page is written: whatever was planned while the request was out is kept.
 */
export function afterPage(
  state: SyncState,
  category: string,
  task: RangeTask,
  page: { complete: boolean; oldest?: number; newest?: number },
): SyncState {
  const sync = state.categories[category];
  const at = sync?.pending.findIndex((t) => t.from === task.from && t.to === task.to) ?? -1;
  if (!sync || at < 0) return state;
  const pending = [...sync.pending];
  pending.splice(at, 1);
  if (!page.complete && page.oldest !== undefined) {
    // arXiv's submittedDate has minute precision: make sure the top strictly moves down.
    const to = page.oldest < task.to ? page.oldest : task.to - 60_000;
    if (to > task.from) pending.splice(at, 0, { from: task.from, to });
  }
  const newest =
    page.newest === undefined ? sync.newest : Math.max(sync.newest ?? Number.NEGATIVE_INFINITY, page.newest);
  const { failures: _f, notBefore: _n, lastError: _e, ...rest } = sync;
  // arXiv answered: a failed pass's error, count and retry time are over (backoff.ts: passRecovered).
  const { lastError: _le, nextRetryAt: _nr, ...others } = state;
  return {
    ...others,
    categories: { ...state.categories, [category]: { ...rest, pending, newest } },
    failures: 0,
  };
}

/**
 * Exponential backoff for a failed pass: 1 min, 2, 4 ... capped at 2 h, or what the server asked, for a day
 * at most (MAX_RETRY_AFTER_MS).
 */
export function retryDelay(failures: number, retryAfterMs?: number): number {
  const backoff = Math.min(2 * 60 * 60_000, 60_000 * 2 ** Math.max(0, failures - 1));
  return Math.max(backoff, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
}

/**
 * The instant from which the index holds the papers of every tracked category (`categories`): the oldest
 * edge each backfill reached (its `coveredFrom`, moved up past a backfill still pending there), the latest
 * of them; undefined while a category has none planned. What counts history (Emerging) starts no earlier.
 */
export function coveredSince(state: SyncState, categories: readonly string[]): number | undefined {
  let since: number | undefined;
  for (const category of categories) {
    const sync = state.categories[category];
    if (sync?.coveredFrom === undefined) return undefined;
    let from = sync.coveredFrom;
    for (let moved = true; moved; ) {
      moved = false;
      for (const task of sync.pending) {
        if (task.from <= from && task.to > from) {
          from = task.to;
          moved = true;
        }
      }
    }
    since = Math.max(since ?? from, from);
  }
  return since;
}
