import type { LookupState, SyncError } from '../store/sync-types';

/** id_list lookups per request. */
export const LOOKUP_BATCH = 100;
/** Tries of an id looked up alone before it is given up (its batch having been split down to it). */
export const MAX_LOOKUP_ATTEMPTS = 3;
/** Queued ids kept at most: a page of 2000 ids, twice over. */
export const MAX_QUEUED = 5000;
const GAVE_UP_SHOWN = 20;

/** Adds ids to the queue, keeping its order; ids given up lately are not asked for again. */
export function queueIds(state: LookupState, ids: readonly string[]): LookupState {
  const skip = new Set(state.gaveUp);
  const merged = [...new Set([...state.ids, ...ids.filter((id) => !skip.has(id))])].slice(0, MAX_QUEUED);
  return { ...state, ids: merged };
}

/**
 * The next ids to ask for: ids never tried, in batches of LOOKUP_BATCH, before ids whose batch failed.
 * Those go in ever smaller batches (halved at each failure), so one bad id is soon asked for alone.
 */
export function nextLookupBatch(state: LookupState, now: number): string[] | undefined {
  const fresh = state.ids.filter((id) => !state.tries[id]);
  if (fresh.length) return fresh.slice(0, LOOKUP_BATCH);
  const ready = state.ids.filter((id) => state.tries[id]!.notBefore <= now);
  const first = ready[0];
  return first === undefined ? undefined : ready.slice(0, state.tries[first]!.batch);
}

/** The queue after `batch` was answered (ids arXiv does not know are answered too: with nothing). */
export function lookupDone(state: LookupState, batch: readonly string[]): LookupState {
  const done = new Set(batch);
  const tries = Object.fromEntries(Object.entries(state.tries).filter(([id]) => !done.has(id)));
  const { lastError: _e, ...rest } = state;
  return { ...rest, ids: state.ids.filter((id) => !done.has(id)), tries };
}

/**
 * The queue after `batch` failed. A batch of several ids is split in two and retried at once: the
 * failure may be one id's. An id failing alone backs off, and after MAX_LOOKUP_ATTEMPTS is given up.
 */
export function lookupFailed(
  state: LookupState,
  batch: readonly string[],
  error: SyncError,
  now: number,
  delay: (attempts: number) => number,
): LookupState {
  const tries = { ...state.tries };
  if (batch.length > 1) {
    const half = Math.ceil(batch.length / 2);
    for (const id of batch) tries[id] = { attempts: tries[id]?.attempts ?? 0, notBefore: now, batch: half };
    return { ...state, tries, lastError: error };
  }
  const id = batch[0];
  if (id === undefined) return state;
  const attempts = (tries[id]?.attempts ?? 0) + 1;
  if (attempts < MAX_LOOKUP_ATTEMPTS) {
    tries[id] = { attempts, notBefore: now + delay(attempts), batch: 1 };
    return { ...state, tries, lastError: error };
  }
  delete tries[id];
  return {
    ...state,
    ids: state.ids.filter((queued) => queued !== id),
    tries,
    gaveUp: [...state.gaveUp.filter((g) => g !== id), id].slice(-GAVE_UP_SHOWN),
    gaveUpCount: state.gaveUpCount + 1,
    lastError: { ...error, message: `Gave up looking up ${id} after ${attempts} tries: ${error.message}` },
  };
}
