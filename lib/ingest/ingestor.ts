import type { ArxivQuery } from '../arxiv/query';
import { MAX_RETRY_AFTER_MS } from '../arxiv/rate-limiter';
import type { Paper } from '../paper';
import { type MetaChange, type WriteResult, writePapers } from '../store/paper-writes';
import type { IndexDb, StoredPaper } from '../store/schema';
import { lookupState, syncState } from '../store/sync-state';
import { EMPTY_SYNC, type LookupState, type SyncState } from '../store/sync-types';
import {
  categoryFailed,
  describeError,
  isWorkError,
  passFailed,
  passRecovered,
  syncProblems,
} from './backoff';
import { lookupDone, lookupFailed, nextLookupBatch, queueIds } from './lookup-queue';
import { afterPage, nextTask, type PlanSettings, planSync, remainingSpan, retryDelay } from './plan';
import { readPage, type SourcePage } from './read-page';

/** Papers per API page: large pages mean few requests (arXiv allows 2000; big pages are slow to serve). */
export const PAGE_SIZE = 500;
export { LOOKUP_BATCH } from './lookup-queue';

export interface ArxivSource {
  query(q: ArxivQuery): Promise<SourcePage>;
  fetchByIds(ids: string[]): Promise<Paper[]>;
}

export interface IngestorDeps {
  db: () => Promise<IndexDb>;
  source: ArxivSource;
  /** Tags a paper and decides whether it counts (tracked category): the one place papers become rows. */
  toStored: (paper: Paper) => StoredPaper;
  settings: () => Promise<PlanSettings>;
  now?: () => number;
  /** Called after every committed write with the change in daily counts. */
  onWrite?: (result: WriteResult) => void;
  pageSize?: number;
}

export type RunOutcome = { status: 'done' } | FailedRun;
export type FailedRun = { status: 'failed'; error: string; retryAt: number };

/**
 * Backfill, refresh and id lookups, one page at a time. Every page is written together with the new
 * sync state in one transaction, so stopping the worker at any instant loses nothing and repeats nothing.
 * Every change of the sync state and the lookup queue is read-modify-written in one transaction: a plan
 * made while a request is out is built upon, never overwritten by a state read before it.
 * One run at a time: a second `run()` while one is going returns the same promise.
 */
export function createIngestor(deps: IngestorDeps) {
  const now = deps.now ?? Date.now;
  const pageSize = deps.pageSize ?? PAGE_SIZE;
  let running: Promise<RunOutcome> | undefined;
  // A failure the index could not even store (the disk is full): shown until one can be stored again.
  let unrecorded: SyncState | undefined;

  return {
    /** Adds backfill work (and refresh work when `refresh`) for the current settings. */
    async plan(refresh: boolean): Promise<SyncState> {
      const db = await deps.db();
      const settings = await deps.settings();
      return syncState.update(db, (state) => planSync(state, settings, now(), refresh));
    },
    state: async () => unrecorded ?? syncState.read(await deps.db()),
    /**
     * A failure of the index itself outside a run (a re-tag that found the disk full), of `kind`: the pass
     * stops and every request waits for the retry, as after a storage error inside a run.
     */
    async failPass(error: unknown, kind: string): Promise<FailedRun> {
      const failure = { ...describeError(error, now()), kind };
      const db = await deps.db();
      let next: SyncState;
      try {
        next = await syncState.update(db, (s) => passFailed(s, failure, now()));
        unrecorded = undefined;
      } catch {
        next = passFailed(unrecorded ?? (await syncState.read(db).catch(() => EMPTY_SYNC)), failure, now());
        unrecorded = next;
      }
      return { status: 'failed', error: failure.message, retryAt: next.nextRetryAt! };
    },
    /** The failure of `kind` is over: its error and retry time go (another kind's stay). */
    async recovered(kind: string): Promise<void> {
      unrecorded = undefined;
      await syncState.update(await deps.db(), (s) => (s.lastError?.kind === kind ? passRecovered(s) : s));
    },
    /** The lookup queue: what is waiting, what was given up. */
    lookups: async () => lookupState.read(await deps.db()),
    run(): Promise<RunOutcome> {
      running ??= (async () => runOnce({ db: await deps.db(), deps, now, pageSize }))().finally(() => {
        running = undefined;
      });
      return running;
    },
    isRunning: () => running !== undefined,
    /** Queues arXiv ids seen on a page but missing from the index; the next run fetches them. */
    async queueLookup(ids: readonly string[]) {
      if (ids.length === 0) return;
      await lookupState.update(await deps.db(), (state) => queueIds(state, ids));
    },
  };
}

export type Ingestor = ReturnType<typeof createIngestor>;

/** What one run works with. */
interface Run {
  db: IndexDb;
  deps: IngestorDeps;
  now: () => number;
  pageSize: number;
}

/** Pages and lookups until nothing is ready; the outcome says when to come back if something waits. */
async function runOnce(run: Run): Promise<RunOutcome> {
  const { db, now } = run;
  for (;;) {
    const [kept, lookup] = await Promise.all([syncState.read(db), lookupState.read(db)]);
    const state = await boundRetry(db, kept, now());
    // A backoff holds every path: a page's lookup, a refresh, a restarted worker.
    if (state.nextRetryAt !== undefined && state.nextRetryAt > now()) {
      return {
        status: 'failed',
        error: state.lastError?.message ?? 'Waiting to retry',
        retryAt: state.nextRetryAt,
      };
    }
    try {
      // Papers a user is looking at come before the backfill: they are waiting for chips.
      if (await lookupBatch(run, lookup)) continue;
      if (await fetchPage(run, state)) continue;
    } catch (error) {
      const failure = describeError(error, now());
      const retryAfterMs = (error as { retryAfterMs?: number }).retryAfterMs;
      const next = await syncState.update(db, (s) => passFailed(s, failure, now(), retryAfterMs));
      return { status: 'failed', error: failure.message, retryAt: next.nextRetryAt! };
    }
    // Nothing ready: done, unless some work is backing off.
    const { lastError, nextRetryAt } = syncProblems(state, lookup, now());
    if (nextRetryAt === undefined) return { status: 'done' };
    return { status: 'failed', error: lastError?.message ?? 'Waiting to retry', retryAt: nextRetryAt };
  }
}

/**
 * The state with its retry time no further than MAX_RETRY_AFTER_MS ahead: one set further by an earlier
 * version (a Retry-After of 2099) is cut to that and stored so, once.
 */
async function boundRetry(db: IndexDb, state: SyncState, now: number): Promise<SyncState> {
  const latest = now + MAX_RETRY_AFTER_MS;
  if (state.nextRetryAt === undefined || state.nextRetryAt <= latest) return state;
  return syncState.update(db, (s) => ({ ...s, nextRetryAt: Math.min(s.nextRetryAt ?? latest, latest) }));
}

async function store({ db, deps }: Run, papers: readonly Paper[], change: MetaChange) {
  const rows = papers.map(deps.toStored);
  // Not `onWrite?.(await writePapers(...))`: an absent callback would skip the write itself.
  const result = await writePapers(db, rows, change);
  deps.onWrite?.(result);
}

/** The next page of the next category's task, written with the sync state that follows it. */
async function fetchPage(run: Run, state: SyncState): Promise<boolean> {
  const { db, now, pageSize } = run;
  const work = nextTask(state, now());
  if (!work) return false;
  const { category, task } = work;
  try {
    const page = await run.deps.source.query({
      categories: [category],
      submittedFrom: task.from,
      submittedTo: task.to,
      sortBy: 'submittedDate',
      sortOrder: 'descending',
      start: 0,
      maxResults: pageSize,
    });
    const read = readPage(page, task, pageSize);
    await store(run, read.papers, async (tx) => {
      const next = afterPage(await syncState.read(tx), category, task, read);
      if (remainingSpan(next) === 0) next.lastCompleteAt = now();
      await syncState.write(tx, next);
    });
  } catch (error) {
    if (!isWorkError(error)) throw error;
    await syncState.update(db, (s) => categoryFailed(s, category, describeError(error, now()), now()));
  }
  return true;
}

/** The next batch of queued ids, written with the queue that follows it. */
async function lookupBatch(run: Run, lookup: LookupState): Promise<boolean> {
  const { db, now } = run;
  const batch = nextLookupBatch(lookup, now());
  if (!batch) return false;
  try {
    const papers = await run.deps.source.fetchByIds(batch);
    await store(run, papers, async (tx) => {
      const [queued, sync] = await Promise.all([lookupState.read(tx), syncState.read(tx)]);
      await lookupState.write(tx, lookupDone(queued, batch));
      // arXiv answered: a failed pass's error and retry time are over.
      const recovered = passRecovered(sync);
      if (recovered !== sync) await syncState.write(tx, recovered);
    });
  } catch (error) {
    if (!isWorkError(error)) throw error;
    const failure = describeError(error, now());
    await lookupState.update(db, (s) => lookupFailed(s, batch, failure, now(), (n) => retryDelay(n)));
  }
  return true;
}
