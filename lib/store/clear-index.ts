import type { IndexDb } from './schema';
import { lookupState, reindexState, syncState } from './sync-state';

/**
 * Empties the index (papers, counts, annotations) and forgets the ingestion's state, in one transaction.
 * Follows, mutes, user topics, the reading list and the rate limiter's times stay.
 */
export async function clearIndex(db: IndexDb): Promise<void> {
  const tx = db.transaction(['papers', 'counts', 'annotations', 'meta'], 'readwrite');
  await Promise.all([
    tx.objectStore('papers').clear(),
    tx.objectStore('counts').clear(),
    tx.objectStore('annotations').clear(),
  ]);
  for (const key of [syncState, lookupState, reindexState]) void key.remove(tx);
  await tx.done;
}
