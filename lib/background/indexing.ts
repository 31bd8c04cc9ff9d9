import { createArxivClient } from '../arxiv/client';
import { ARXIV_SPACING_MS, createRateLimiter } from '../arxiv/rate-limiter';
import { createIngestor } from '../ingest/ingestor';
import { type SyncState, syncProgress } from '../ingest/plan';
import { indexTarget, reindex } from '../ingest/reindex';
import { paperOf, toStored } from '../ingest/to-stored';
import { coverageOf } from '../momentum/coverage';
import type { MomentumIndex } from '../momentum/momentum-index';
import type { Paper } from '../paper';
import type { Settings } from '../settings';
import { createAnnotationCache } from '../store/annotations';
import { clearIndex } from '../store/clear-index';
import { arxivHold, lastRequest } from '../store/db-settings';
import { metaCell } from '../store/meta';
import { readAllCounts, readAllPapers, type WriteResult } from '../store/papers';
import type { IndexDb } from '../store/schema';
import type { Catalog } from '../topics/catalog';
import { createCorrecting } from './correcting';
import { createPaperCount } from './paper-count';
import { createSearchIndex } from './search-index';

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
}

/**
 * The index and what is kept in step with it: arXiv behind its rate limiter, the ingestor, re-tagging, and
 * the in-memory copies a write changes (daily counts, annotation shards, the search index).
 */
export function createIndexing(deps: IndexingDeps) {
  const { db, catalog, momentum, now } = deps;
  const source = arxivSource(deps);
  let trackedCategories: readonly string[] = [];
  // Search over the index: kept current from the rows of each write, as written (handed over in
  // applyWrite, after the write committed).
  const search = createSearchIndex(async () => readAllPapers(await db()));
  const annotations = createAnnotationCache(db);
  const tag = (paper: Paper) => toStored(catalog, trackedCategories, paper);

  const paperCount = createPaperCount(db);
  // What the index holds, for "new" (lib/momentum/coverage.ts): from the sync state as written or planned.
  const cover = (state: SyncState) => momentum.setCoverage(coverageOf(state.categories, trackedCategories));

  /** After a write committed: the in-memory copies follow (a re-tag leaves the search index to be re-read). */
  function applyWrite({ delta, shards, added, rows }: WriteResult, searchToo = true) {
    paperCount.added(added);
    momentum.apply(delta);
    // A page of the backfill moved the sync state with it (one transaction): read it back.
    void ingestor.state().then(cover, () => undefined);
    annotations.invalidate(shards);
    if (searchToo) search.update(rows);
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

  return {
    ingestor,
    search,
    annotations,
    /** Reads the tracked categories in force (at start and when the settings change). */
    async readSettings() {
      trackedCategories = (await deps.readSettings()).categories;
      cover(await ingestor.state());
    },
    /** Plans the next pass (lib/ingest/plan.ts); momentum's coverage follows the plan. */
    async plan(refresh: boolean) {
      cover(await ingestor.plan(refresh));
    },
    /** "Not this topic" on a paper, and its undo; papers rewritten after an import brought corrections. */
    ...createCorrecting(db, (row) => tag(paperOf(row)), now, applyWrite),
    /** How many papers the index holds, without counting the store on every ask. */
    paperTotal: paperCount.total,
    progress: async () => ({ running: ingestor.isRunning(), progress: syncProgress(await ingestor.state()) }),
    /** Brings stored papers in line with the tagging rules and tracked categories in force. */
    async maintain() {
      const target = indexTarget(catalog.signature, trackedCategories);
      const { rewritten } = await reindex(await db(), target, tag, (result) => applyWrite(result, false));
      // Re-tagging changes topics, not text: the search index is read again on the next search rather
      // than every paper replaced in it (a re-tag pass hands over every paper, changed or not).
      if (rewritten > 0) search.clear();
    },
    /** Empties the index and its copies, and plans the backfill again. */
    async reset() {
      const database = await db();
      await clearIndex(database);
      paperCount.cleared();
      momentum.reset(await readAllCounts(database));
      annotations.clear();
      search.clear();
      cover(await ingestor.plan(false));
    },
  };
}

export type Indexing = ReturnType<typeof createIndexing>;

/** arXiv behind the one rate limiter every caller shares, its last request kept across restarts. */
function arxivSource({ db, now, sleep, fetch }: IndexingDeps) {
  const limiter = createRateLimiter({
    minIntervalMs: ARXIV_SPACING_MS,
    now,
    sleep,
    store: metaCell(db, lastRequest),
    hold: metaCell(db, arxivHold),
  });
  return createArxivClient({ fetch, limiter, now, sleep });
}
