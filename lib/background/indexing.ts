import { createArxivClient } from '../arxiv/client';
import { ARXIV_SPACING_MS, boundedHold, createRateLimiter } from '../arxiv/rate-limiter';
import { createIngestor } from '../ingest/ingestor';
import { syncProgress } from '../ingest/plan';
import { indexTarget } from '../ingest/reindex';
import { toStored } from '../ingest/to-stored';
import type { MomentumIndex } from '../momentum/momentum-index';
import type { Paper } from '../paper';
import type { Settings } from '../settings';
import { createAnnotationCache } from '../store/annotations';
import { clearIndex } from '../store/clear-index';
import { arxivHold, lastRequest } from '../store/db-settings';
import { metaCell } from '../store/meta';
import { readAllCounts, readAllPapers, type WriteResult } from '../store/papers';
import type { IndexDb, StoredPaper } from '../store/schema';
import type { Catalog } from '../topics/catalog';
import { createPaperCount } from './paper-count';
import { createRetag } from './retag';
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
  const { source, hold } = arxivSource(deps);
  let trackedCategories: readonly string[] = [];
  // Search over the index: kept current from the papers of each write (handed over in applyWrite, after
  // the write committed; rows of a failed write are handed over with the next one and dropped on read).
  const search = createSearchIndex(async () => readAllPapers(await db()));
  const annotations = createAnnotationCache(db);
  let written: StoredPaper[] = [];
  const tag = (paper: Paper) => toStored(catalog, trackedCategories, paper);

  const paperCount = createPaperCount(db);

  function applyWrite({ delta, shards, added }: WriteResult) {
    paperCount.added(added);
    momentum.apply(delta);
    annotations.invalidate(shards);
    search.update(written);
    written = [];
    deps.written();
  }

  const ingestor = createIngestor({
    db,
    source,
    toStored: (paper) => {
      const row = tag(paper);
      written.push(row);
      return row;
    },
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
    /** Until when arXiv asked us to wait (undefined when it did not, or that time is past). */
    async arxivHold(): Promise<number | undefined> {
      const until = await hold.get().catch(() => undefined);
      return until !== undefined && until > now() ? until : undefined;
    },
    /** How many papers the index holds, without counting the store on every ask. */
    paperTotal: paperCount.total,
    progress: async () => ({ running: ingestor.isRunning(), progress: syncProgress(await ingestor.state()) }),
    /** Re-tags the stored papers when the tagging rules or tracked categories changed (retag.ts). */
    maintain: createRetag({
      db,
      ingestor,
      target: () => indexTarget(catalog.signature, trackedCategories),
      tag,
      onWrite: applyWrite,
      // Re-tagging changes topics, not text: the search index is read again on the next search rather
      // than every paper replaced in it (a re-tag pass hands over every paper, changed or not).
      rewritten: () => search.clear(),
      now,
    }),
    /** Empties the index and its copies, and plans the backfill again. */
    async reset() {
      const database = await db();
      await clearIndex(database);
      paperCount.cleared();
      momentum.reset(await readAllCounts(database));
      annotations.clear();
      search.clear();
      await ingestor.plan(false);
    },
  };
}

export type Indexing = ReturnType<typeof createIndexing>;

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
  return { source: createArxivClient({ fetch: deps.fetch, limiter, now, sleep: deps.sleep }), hold };
}
