import { emergingAnswer } from './emerging';
import type { IndexDb } from './schema';
import { lookupState, reindexState, syncState } from './sync-state';

/**
 * Empties the index (papers, counts, annotations, emerging phrases' week counts and answer) and forgets the ingestion's state, in one transaction.
 * Follows, mutes, user topics, the reading list and the rate limiter's times stay.
 */
export async function clearIndex(db: IndexDb): Promise<void> {
  const tx = db.transaction(['papers', 'counts', 'annotations', 'emergingWeeks', 'meta'], 'readwrite');
  await Promise.all([
    tx.objectStore('papers').clear(),
    tx.objectStore('counts').clear(),
    tx.objectStore('annotations').clear(),
    tx.objectStore('emergingWeeks').clear(),
  ]);
  for (const key of [syncState, lookupState, reindexState, emergingAnswer]) void key.remove(tx);
  await tx.done;
}
