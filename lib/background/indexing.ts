import { createArxivClient } from '../arxiv/client';
import { ARXIV_SPACING_MS, createRateLimiter } from '../arxiv/rate-limiter';
import { createIngestor } from '../ingest/ingestor';
import { syncProgress } from '../ingest/plan';
import { indexTarget, reindex } from '../ingest/reindex';
import { toStored } from '../ingest/to-stored';
import type { IndexStatus } from '../messages/schemas';
import type { MomentumIndex } from '../momentum/momentum-index';
import type { Paper } from '../paper';
import { buildSearchIndex } from '../search/build-search';
import { createStoredSearch } from '../search/stored-search';
import type { Settings } from '../settings';
import { createAnnotationCache } from '../store/annotations';
import { clearIndex } from '../store/clear-index';
import { arxivHold, lastRequest } from '../store/db-settings';
import { metaCell } from '../store/meta';
import { readPaperTotal } from '../store/paper-total';
import { readAllCounts, type WriteResult } from '../store/papers';
import type { IndexDb } from '../store/schema';
import type { Catalog } from '../topics/catalog';

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
  const limiter = createRateLimiter({
    minIntervalMs: ARXIV_SPACING_MS,
    now,
    sleep: deps.sleep,
    store: metaCell(db, lastRequest),
    hold: metaCell(db, arxivHold),
  });
  const source = createArxivClient({ fetch: deps.fetch, limiter, now, sleep: deps.sleep });
  let trackedCategories: readonly string[] = [];
  // Search over the stored index, which every write keeps current in its own transaction; what memory
  // holds of it is dropped when a write commits.
  const search = createStoredSearch(db);
  const annotations = createAnnotationCache(db);
  const tag = (paper: Paper) => toStored(catalog, trackedCategories, paper);
  let upkeep: IndexStatus['upkeep'];

  function applyWrite({ delta, shards }: WriteResult) {
    momentum.apply(delta);
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

  return {
    ingestor,
    search,
    annotations,
    /** Reads the tracked categories in force (at start and when the settings change). */
    async readSettings() {
      trackedCategories = (await deps.readSettings()).categories;
    },
    /** How many papers the index holds, as every write keeps it (never a count of the store). */
    paperTotal: async () => readPaperTotal(await db()),
    progress: async () => ({ running: ingestor.isRunning(), progress: syncProgress(await ingestor.state()) }),
    /**
     * Brings stored papers in line with the search index's format (built once after the upgrade that
     * brought it), the tagging rules and the tracked categories in force; `upkeep` says how far it is.
     */
    async maintain() {
      const database = await db();
      const total = await readPaperTotal(database);
      try {
        await buildSearchIndex(database, (indexed) => {
          search.changed();
          upkeep = { kind: 'search', done: indexed, total };
        });
        const target = indexTarget(catalog.signature, trackedCategories);
        await reindex(database, target, tag, applyWrite, undefined, (checked) => {
          upkeep = { kind: 'retag', done: checked, total };
        });
      } finally {
        upkeep = undefined;
      }
    },
    /** The work on stored papers under way (for the options page), if any. */
    upkeep: () => upkeep,
    /** Empties the index and its copies, and plans the backfill again. */
    async reset() {
      const database = await db();
      await clearIndex(database);
      momentum.reset(await readAllCounts(database));
      annotations.clear();
      search.changed();
      await ingestor.plan(false);
    },
  };
}

export type Indexing = ReturnType<typeof createIndexing>;
