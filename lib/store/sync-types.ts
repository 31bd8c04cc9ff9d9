/**
 * The ingestion's state as the `meta` store keeps it (sync-state.ts reads and writes it): declared here, in
 * the store, so that the store never imports the ingestion; lib/ingest/plan.ts and lookup-queue.ts compute
 * over these shapes.
 */

/** Fetch papers with first-version time in [from, to], newest first; `to` moves down as pages arrive. */
export interface RangeTask {
  from: number;
  to: number;
}

export interface CategorySync {
  pending: RangeTask[];
  /** Newest first-version time seen in this category. */
  newest?: number;
  /** Oldest instant the index covers for this category (the start of the history window when planned). */
  coveredFrom?: number;
  /** Consecutive failed pages of this category, and when to try it again: the others go on meanwhile. */
  failures?: number;
  notBefore?: number;
  lastError?: SyncError;
}

export interface SyncError {
  message: string;
  kind: string;
  at: number;
}

export interface SyncState {
  categories: Record<string, CategorySync>;
  /** Sum of pending range lengths when the current pass was planned (progress = 1 - remaining / planned). */
  planned: number;
  /** When the last pass finished with nothing pending. */
  lastCompleteAt?: number;
  /** The last failure that stopped a whole pass (arXiv unreachable or slowing us down, a storage error). */
  lastError?: SyncError;
  /** No request before this instant, whatever asks (a page's lookup, a refresh, a restarted worker). */
  nextRetryAt?: number;
  /** Consecutive failed passes, for the retry backoff. */
  failures: number;
}

export const EMPTY_SYNC: SyncState = { categories: {}, planned: 0, failures: 0 };

/** A lookup that failed: how often it failed alone, when to try again, how many ids to send with it. */
export interface LookupTry {
  attempts: number;
  notBefore: number;
  batch: number;
}

/** The `lookup` meta record: ids seen on pages but missing from the index, and how their lookups went. */
export interface LookupState {
  ids: string[];
  tries: Record<string, LookupTry>;
  /** The most recent ids given up on (at most GAVE_UP_SHOWN), newest last. */
  gaveUp: string[];
  gaveUpCount: number;
  lastError?: SyncError;
}
