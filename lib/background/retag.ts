import type { FailedRun, Ingestor } from '../ingest/ingestor';
import { type ReachPlan, reindex } from '../ingest/reindex';
import type { Paper } from '../paper';
import type { WriteResult } from '../store/paper-writes';
import type { IndexDb, IndexedPaper } from '../store/schema';

export interface RetagDeps {
  db: () => Promise<IndexDb>;
  ingestor: Pick<Ingestor, 'failPass' | 'recovered'>;
  /** What the index must be brought to (lib/ingest/reindex.ts indexTarget). */
  target: () => string;
  tag: (paper: Paper) => IndexedPaper;
  onWrite: (result: WriteResult) => void;
  /** Stored papers were re-tagged (what memory holds of the search index is stale). */
  rewritten: () => void;
  now: () => number;
  /**
   * Brings the stored search index to its format first (lib/search/build-search.ts: built once after the
   * upgrade that brought it, a no-op once built); a failure of it is a failure of the index as a re-tag's is.
   */
  buildSearch?: ((db: IndexDb) => Promise<unknown>) | undefined;
  /** How to re-tag only the papers a change can reach (reindex.ts); without it every paper is. */
  plan?: (() => ReachPlan) | undefined;
  /** Papers a re-tag checked so far, after each chunk (the status's upkeep). */
  progress?: ((checked: number, of?: number) => void) | undefined;
  /** Between two slices of tagging (page-first.ts); a macrotask by default. */
  pause?: (() => Promise<void>) | undefined;
}

/** The kind of a failed re-tag in the sync state's error. */
const RETAG = 'retag';

/**
 * Brings stored papers in line with the search index's format, the tagging rules and the tracked categories
 * in force. Undefined when done; a failure (a full disk) is a failure of the index: recorded for the status,
 * it stops the pass until its retry time, as a storage error in ingestion does, and the work is not tried
 * again before then (each kick would tag a shard, or index a chunk, and fail again).
 */
export function createRetag(deps: RetagDeps): () => Promise<FailedRun | undefined> {
  let held: { until: number; error: string } | undefined;
  return async () => {
    if (held && held.until > deps.now()) return { status: 'failed', error: held.error, retryAt: held.until };
    let doing = 're-tag the index';
    try {
      const db = await deps.db();
      if (deps.buildSearch) {
        doing = 'build the search index';
        await deps.buildSearch(db);
        doing = 're-tag the index';
      }
      const target = deps.target();
      const { rewritten } = await reindex(
        db,
        target,
        deps.tag,
        deps.onWrite,
        undefined,
        deps.progress,
        deps.pause,
        deps.plan,
      );
      if (rewritten > 0) deps.rewritten();
    } catch (error) {
      // Some shards (or search chunks) may have been written before the failure.
      deps.rewritten();
      const message = `Could not ${doing}: ${storageText(error)}`;
      const failed = await deps.ingestor.failPass(new Error(message), RETAG);
      held = { until: failed.retryAt, error: failed.error };
      return failed;
    }
    if (held) {
      held = undefined;
      await deps.ingestor.recovered(RETAG);
    }
    return undefined;
  };
}

/** A storage error in words: a full disk says so, not only its name. */
function storageText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if ((error as { name?: unknown }).name !== 'QuotaExceededError') return message;
  return `the browser's storage for PaperPulse is full (QuotaExceededError: ${message}); free disk space, or track fewer categories or weeks`;
}
