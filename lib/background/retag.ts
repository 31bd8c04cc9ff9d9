import type { FailedRun, Ingestor } from '../ingest/ingestor';
import { reindex } from '../ingest/reindex';
import type { Paper } from '../paper';
import type { WriteResult } from '../store/papers';
import type { IndexDb, IndexedPaper } from '../store/schema';

export interface RetagDeps {
  db: () => Promise<IndexDb>;
  ingestor: Pick<Ingestor, 'failPass' | 'recovered'>;
  /** What the index must be brought to (lib/ingest/reindex.ts indexTarget). */
  target: () => string;
  tag: (paper: Paper) => IndexedPaper;
  onWrite: (result: WriteResult) => void;
  /** Stored papers were re-tagged (the search index reads them again). */
  rewritten: () => void;
  now: () => number;
}

/** The kind of a failed re-tag in the sync state's error. */
const RETAG = 'retag';

/**
 * Brings stored papers in line with the tagging rules and tracked categories in force. Undefined when done;
 * a failure (a full disk) is a failure of the index: recorded for the status, it stops the pass until its
 * retry time, as a storage error in ingestion does, and the re-tag is not tried again before then (each
 * kick would tag a shard and fail again).
 */
export function createRetag(deps: RetagDeps): () => Promise<FailedRun | undefined> {
  let held: { until: number; error: string } | undefined;
  return async () => {
    if (held && held.until > deps.now()) return { status: 'failed', error: held.error, retryAt: held.until };
    try {
      const { rewritten } = await reindex(await deps.db(), deps.target(), deps.tag, deps.onWrite);
      if (rewritten > 0) deps.rewritten();
    } catch (error) {
      // Some shards may have been written before the failure.
      deps.rewritten();
      const message = `Could not re-tag the index: ${storageText(error)}`;
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
