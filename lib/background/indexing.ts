import { createArxivClient } from '../arxiv/client';
import { ARXIV_SPACING_MS, boundedHold, createRateLimiter } from '../arxiv/rate-limiter';
import { createIngestor, type FailedRun } from '../ingest/ingestor';
import { syncProgress } from '../ingest/plan';
import { indexTarget, type ReachPlan } from '../ingest/reindex';
import { paperOf, toStored } from '../ingest/to-stored';
import type { IndexStatus } from '../messages/schemas';
import { coverageOf } from '../momentum/coverage';
import type { MomentumIndex } from '../momentum/momentum-index';
import type { Paper } from '../paper';
import { buildSearchIndex } from '../search/build-search';
import { reachCandidates } from '../search/reach-candidates';
import { createStoredSearch, type StoredSearch } from '../search/stored-search';
import type { Settings } from '../settings';
import { createAnnotationCache } from '../store/annotations';
import { clearIndex } from '../store/clear-index';
import { arxivHold, lastRequest } from '../store/db-settings';
import { metaCell } from '../store/meta';
import { readPaperTotal } from '../store/paper-total';
import type { WriteResult } from '../store/paper-writes';
import { readAllCounts } from '../store/papers';
import type { IndexDb } from '../store/schema';
import type { SyncState } from '../store/sync-types';
import type { Catalog } from '../topics/catalog';
import type { TaggingState } from '../topics/reach';
import { changedTopics } from '../topics/reach-test';
import { createCorrecting } from './correcting';
import { createRetag, type RetagDeps } from './retag';

export interface IndexingDeps {
  db: () => Promise<IndexDb>;
  catalog: Catalog;
  /** The daily counts in memory, kept in step with every committed write. */
  momentum: MomentumIndex;
  fetch: typeof fetch;
  readSettings: () => Promise<Settings>;
  now: () => number;
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** A write committed (new papers: the badge may change). */
  written: () => void;
  /** Between two slices of work on stored papers (page-first.ts: pages' requests go first). */
  pause: () => Promise<void>;
}

/**
 * The index and what is kept in step with it: arXiv behind its rate limiter, the ingestor, re-tagging, and
 * the in-memory copies a write changes (daily counts, annotation shards, the search index).
 */
export function createIndexing(deps: IndexingDeps) {
  const { db, catalog, momentum, now } = deps;
  const { source, arxivHold } = arxivSource(deps);
  let trackedCategories: readonly string[] = [];
  // Search over the stored index, kept current by every write in its own transaction (memory's copy dropped).
  const search = createStoredSearch(db);
  const annotations = createAnnotationCache(db);
  const tag = (paper: Paper) => toStored(catalog, trackedCategories, paper);
  // What the index holds, for "new" (lib/momentum/coverage.ts): from the sync state as written or planned.
  const cover = (state: SyncState) => {
    momentum.setCoverage(coverageOf(state.categories, trackedCategories));
    return state;
  };

  /** After a write committed: the in-memory copies follow. */
  function applyWrite({ delta, shards }: WriteResult) {
    momentum.apply(delta);
    // A page of the backfill moved the sync state with it (one transaction): read it back.
    void ingestor.state().then(cover, () => undefined);
    annotations.invalidate(shards);
    search.changed();
    deps.written();
  }

  const ingestor = createIngestor({
    db,
    source,
    toStored: tag,
    settings: deps.readSettings,
    now,
    onWrite: applyWrite,
  });

  const target = () => indexTarget(catalog.signature, trackedCategories);
  const reach = () => reachPlanOf(catalog, trackedCategories);
  const upkeep = createUpkeep({ ...deps, ingestor, target, tag, plan: reach, onWrite: applyWrite, search });

  // Every plan of the next pass (the planner's, a refresh asked for, a reset's): momentum's coverage follows.
  const plan = async (refresh: boolean) => cover(await ingestor.plan(refresh));

  return {
    ingestor: { ...ingestor, plan },
    search,
    annotations,
    /** Reads the tracked categories in force (at start and when the settings change). */
    async readSettings() {
      trackedCategories = (await deps.readSettings()).categories;
      cover(await ingestor.state());
    },
    arxivHold,
    /** "Not this topic" on a paper, and its undo; papers rewritten after an import brought corrections. */
    ...createCorrecting(db, (row) => tag(paperOf(row)), now, applyWrite),
    /** How many papers the index holds, as every write keeps it (never a count of the store). */
    paperTotal: async () => readPaperTotal(await db()),
    progress: async () => ({ running: ingestor.isRunning(), progress: syncProgress(await ingestor.state()) }),
    /**
     * Brings stored papers in line with the search index's format (built once after the upgrade that
     * brought it), the tagging rules and the tracked categories in force (retag.ts: a failure is the
     * index's, with a retry); `upkeep` says how far it is.
     */
    maintain: upkeep.run,
    /** The work on stored papers under way (for the options page), if any. */
    upkeep: upkeep.current,
    /** Empties the index and its copies, and plans the backfill again. */
    async reset() {
      const database = await db();
      await clearIndex(database);
      momentum.reset(await readAllCounts(database));
      annotations.clear();
      search.changed();
      await plan(false);
    },
  };
}

export type Indexing = ReturnType<typeof createIndexing>;

/**
 * Work on the stored papers (retag.ts): the search index built, then the re-tag, with how far each is for
 * the status. Writes of either keep the stored search index current in their own transactions; what memory
 * holds of it is dropped as they commit.
 */
function createUpkeep(
  deps: Omit<RetagDeps, 'rewritten' | 'buildSearch' | 'progress'> & { search: StoredSearch },
) {
  const { search } = deps;
  let upkeep: IndexStatus['upkeep'];
  let total = 0;
  const retag = createRetag({
    ...deps,
    rewritten: () => search.changed(),
    buildSearch: (database) =>
      buildSearchIndex(
        database,
        (indexed) => {
          search.changed();
          upkeep = { kind: 'search', done: indexed, total };
        },
        deps.pause,
      ),
    progress: (checked, of) => {
      upkeep = { kind: 'retag', done: checked, total: of ?? total };
    },
  });
  return {
    async run(): Promise<FailedRun | undefined> {
      try {
        // Only for the progress shown: a store that cannot be read fails the work itself, recorded there.
        total = await deps
          .db()
          .then(readPaperTotal)
          .catch(() => 0);
        return await retag();
      } finally {
        upkeep = undefined;
      }
    },
    current: (): IndexStatus['upkeep'] => upkeep,
  };
}

/**
 * Only the papers a change of topics can reach are re-tagged (lib/topics/reach-test.ts), and only those
 * the search index's words say it may reach are read (lib/search/reach-candidates.ts).
 */
export function reachPlanOf(catalog: Catalog, categories: readonly string[]): ReachPlan {
  const now = catalog.taggingState(categories);
  return {
    state: now,
    test: (old: TaggingState) => catalog.reach(old, now),
    async candidates(db: IndexDb, old: TaggingState) {
      const change = changedTopics(old, now);
      return change && reachCandidates(db, change);
    },
  };
}

/** arXiv behind the rate limiter, whose spacing and Retry-After hold (a day at most) outlive the worker. */
function arxivSource(deps: IndexingDeps) {
  const { db, now } = deps;
  const hold = boundedHold(metaCell(db, arxivHold), now);
  const limiter = createRateLimiter({
    minIntervalMs: ARXIV_SPACING_MS,
    now,
    sleep: deps.sleep,
    store: metaCell(db, lastRequest),
    hold,
  });
  return {
    source: createArxivClient({ fetch: deps.fetch, limiter, now, sleep: deps.sleep }),
    /** Until when arXiv asked us to wait (undefined when it did not, or that time is past). */
    async arxivHold(): Promise<number | undefined> {
      const until = await hold.get().catch(() => undefined);
      return until !== undefined && until > now() ? until : undefined;
    },
  };
}
