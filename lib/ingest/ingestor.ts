import type { ArxivQuery } from '../arxiv/query';
import type { Paper } from '../paper';
import type { IndexDb } from '../store/open';
import { type WriteResult, writePapers } from '../store/papers';
import type { StoredPaper } from '../store/schema';
import {
  afterPage,
  EMPTY_SYNC,
  nextTask,
  type PlanSettings,
  planSync,
  retryDelay,
  type SyncState,
} from './plan';

export const SYNC_KEY = 'sync';
const LOOKUP_KEY = 'lookup';
/** Papers per API page: large pages mean few requests (arXiv allows 2000; big pages are slow to serve). */
export const PAGE_SIZE = 500;
/** id_list lookups per request. */
export const LOOKUP_BATCH = 100;

export interface ArxivSource {
  query(q: ArxivQuery): Promise<{ totalResults: number; papers: Paper[] }>;
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

export type RunOutcome = { status: 'done' } | { status: 'failed'; error: string; retryAt: number };

/**
 * Backfill, refresh and id lookups, one page at a time. Every page is written together with the new
 * sync state in one transaction, so stopping the worker at any instant loses nothing and repeats nothing.
 * One run at a time: a second `run()` while one is going returns the same promise.
 */
export function createIngestor(deps: IngestorDeps) {
  const now = deps.now ?? Date.now;
  const pageSize = deps.pageSize ?? PAGE_SIZE;
  let running: Promise<RunOutcome> | undefined;

  async function readState(db: IndexDb): Promise<SyncState> {
    const record = await db.get('meta', SYNC_KEY);
    return (record?.value as SyncState | undefined) ?? EMPTY_SYNC;
  }

  async function saveState(db: IndexDb, state: SyncState) {
    await db.put('meta', { key: SYNC_KEY, value: state });
  }

  /** Adds backfill work (and refresh work when `refresh`) for the current settings. */
  async function plan(refresh: boolean): Promise<SyncState> {
    const db = await deps.db();
    const next = planSync(await readState(db), await deps.settings(), now(), refresh);
    await saveState(db, next);
    return next;
  }

  async function fetchPage(db: IndexDb, state: SyncState): Promise<boolean> {
    const work = nextTask(state);
    if (!work) return false;
    const { category, task } = work;
    const page = await deps.source.query({
      categories: [category],
      submittedFrom: task.from,
      submittedTo: task.to,
      sortBy: 'submittedDate',
      sortOrder: 'descending',
      start: 0,
      maxResults: pageSize,
    });
    const inRange = page.papers.filter((p) => p.published >= task.from && p.published <= task.to);
    const times = inRange.map((p) => p.published);
    const complete = page.totalResults <= page.papers.length || page.papers.length === 0;
    const next = afterPage(state, category, {
      complete,
      oldest: times.length ? Math.min(...times) : undefined,
      newest: times.length ? Math.max(...times) : undefined,
    });
    if (!nextTask(next)) next.lastCompleteAt = now();
    await store(db, inRange, { [SYNC_KEY]: next });
    return true;
  }

  async function store(db: IndexDb, papers: readonly Paper[], meta: Record<string, unknown>) {
    const rows = papers.map(deps.toStored);
    // Not `onWrite?.(await writePapers(...))`: an absent callback would skip the write itself.
    const result = await writePapers(db, rows, meta);
    deps.onWrite?.(result);
  }

  async function lookupBatch(db: IndexDb): Promise<boolean> {
    const queued = ((await db.get('meta', LOOKUP_KEY))?.value as string[] | undefined) ?? [];
    if (queued.length === 0) return false;
    const batch = queued.slice(0, LOOKUP_BATCH);
    const papers = await deps.source.fetchByIds(batch);
    // Re-read the queue: pages may have added ids while the request was in flight.
    const latest = ((await db.get('meta', LOOKUP_KEY))?.value as string[] | undefined) ?? [];
    const rest = latest.filter((id) => !batch.includes(id));
    await store(db, papers, { [LOOKUP_KEY]: rest });
    return true;
  }

  async function runOnce(): Promise<RunOutcome> {
    const db = await deps.db();
    for (;;) {
      const state = await readState(db);
      try {
        // Papers a user is looking at come before the backfill: they are waiting for chips.
        if (await lookupBatch(db)) continue;
        if (await fetchPage(db, state)) continue;
        return { status: 'done' };
      } catch (error) {
        const failures = state.failures + 1;
        const retryAfterMs = (error as { retryAfterMs?: number }).retryAfterMs;
        const retryAt = now() + retryDelay(failures, retryAfterMs);
        const message = error instanceof Error ? error.message : String(error);
        const kind = (error as { kind?: string }).kind ?? 'error';
        await saveState(db, {
          ...state,
          failures,
          lastError: { message, kind, at: now() },
          nextRetryAt: retryAt,
        });
        return { status: 'failed', error: message, retryAt };
      }
    }
  }

  return {
    plan,
    state: async () => readState(await deps.db()),
    run(): Promise<RunOutcome> {
      running ??= runOnce().finally(() => {
        running = undefined;
      });
      return running;
    },
    isRunning: () => running !== undefined,
    /** Queues arXiv ids seen on a page but missing from the index; the next run fetches them. */
    async queueLookup(ids: readonly string[]) {
      if (ids.length === 0) return;
      const db = await deps.db();
      const tx = db.transaction('meta', 'readwrite');
      const queued = ((await tx.store.get(LOOKUP_KEY))?.value as string[] | undefined) ?? [];
      const merged = [...new Set([...queued, ...ids])].slice(0, 5000);
      await tx.store.put({ key: LOOKUP_KEY, value: merged });
      await tx.done;
    },
  };
}

export type Ingestor = ReturnType<typeof createIngestor>;
