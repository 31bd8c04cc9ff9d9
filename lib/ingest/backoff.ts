import type { LookupState, SyncError, SyncState } from '../store/sync-types';
import { retryDelay } from './plan';

/**
 * Failures come in two kinds. A failure of one piece of work (this category's page, this batch of ids:
 * arXiv's error feed, a garbled or empty page, a 400) backs that work off alone and the rest goes on.
 * A failure of arXiv or of the index itself (unreachable, 429, 5xx, a storage error) stops the pass and
 * holds every request until the retry time, persisted in the sync state.
 */
export function isWorkError(error: unknown): boolean {
  const { kind, status } = error as { kind?: string; status?: number };
  if (kind === 'api-error' || kind === 'malformed' || kind === 'empty-page') return true;
  return (
    kind === 'http' &&
    status !== undefined &&
    status >= 400 &&
    status < 500 &&
    ![403, 408, 429].includes(status)
  );
}

export function describeError(error: unknown, at: number): SyncError {
  return {
    message: error instanceof Error ? error.message : String(error),
    kind: (error as { kind?: string }).kind ?? 'error',
    at,
  };
}

/** The state after a page of `category` failed: that category waits, its backoff growing with each failure. */
export function categoryFailed(state: SyncState, category: string, error: SyncError, now: number): SyncState {
  const sync = state.categories[category];
  if (!sync) return state;
  const failures = (sync.failures ?? 0) + 1;
  const notBefore = now + retryDelay(failures);
  return {
    ...state,
    categories: { ...state.categories, [category]: { ...sync, failures, notBefore, lastError: error } },
  };
}

/** The state after a failure that stops the pass: nothing is sent before `nextRetryAt`. */
export function passFailed(
  state: SyncState,
  error: SyncError,
  now: number,
  retryAfterMs?: number,
): SyncState {
  const failures = state.failures + 1;
  return { ...state, failures, lastError: error, nextRetryAt: now + retryDelay(failures, retryAfterMs) };
}

/** The state once arXiv answered again: the failed pass's error, count and retry time are over. */
export function passRecovered(state: SyncState): SyncState {
  if (state.failures === 0 && state.lastError === undefined && state.nextRetryAt === undefined) return state;
  const { lastError: _e, nextRetryAt: _n, ...rest } = state;
  return { ...rest, failures: 0 };
}

/** When the earliest backed-off category may be tried again; undefined when none with work waits. */
export function categoriesWaitUntil(state: SyncState): number | undefined {
  const waits = Object.values(state.categories)
    .filter((sync) => sync.pending.length > 0 && sync.notBefore !== undefined)
    .map((sync) => sync.notBefore!);
  return waits.length ? Math.min(...waits) : undefined;
}

/** What the status shows: the latest problem and the next retry, whether of the pass or of one piece of work. */
export function syncProblems(
  state: SyncState,
  lookup: LookupState,
  now: number,
): { lastError?: SyncError; nextRetryAt?: number } {
  const errors = [
    state.lastError,
    lookup.lastError,
    ...Object.values(state.categories).map((sync) => (sync.pending.length ? sync.lastError : undefined)),
  ].filter((e): e is SyncError => e !== undefined);
  const lastError = errors.sort((a, b) => b.at - a.at)[0];
  const waits = [state.nextRetryAt, categoriesWaitUntil(state), lookupWaitUntil(lookup)].filter(
    (t): t is number => t !== undefined && t > now,
  );
  return {
    ...(lastError ? { lastError } : {}),
    ...(waits.length ? { nextRetryAt: Math.min(...waits) } : {}),
  };
}

/** When the earliest backed-off lookup may be tried again. */
export function lookupWaitUntil(lookup: LookupState): number | undefined {
  const waits = lookup.ids
    .map((id) => lookup.tries[id]?.notBefore)
    .filter((t): t is number => t !== undefined);
  return waits.length ? Math.min(...waits) : undefined;
}
