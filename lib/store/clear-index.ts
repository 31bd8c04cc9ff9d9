import { EMPTY_SEARCH, searchState } from '../search/search-state';
import { SEARCH_STORES } from '../search/search-write';
import { emergingAnswer } from './emerging';
import { paperTotal } from './paper-total';
import type { IndexDb } from './schema';
import { lookupState, reindexState, syncState } from './sync-state';

/**
 * Empties the index (papers, counts, annotations, the search index, emerging phrases' week counts and answer)
 * and forgets the ingestion's state, in one transaction. Follows (their unseen counts now 0), mutes, user
 * topics, the reading list, the reader's corrections and the rate limiter's times stay.
 */
export async function clearIndex(db: IndexDb): Promise<void> {
  const stores = ['papers', 'counts', 'annotations', 'emergingWeeks', ...SEARCH_STORES] as const;
  const tx = db.transaction([...stores, 'meta', 'follows'], 'readwrite');
  const follows = tx.objectStore('follows');
  const [, kept] = await Promise.all([
    Promise.all(stores.map((s) => tx.objectStore(s).clear())),
    follows.getAll(),
  ]);
  for (const follow of kept) void follows.put({ ...follow, unseen: 0 });
  for (const key of [syncState, lookupState, reindexState, emergingAnswer]) void key.remove(tx);
  // An empty index of the current format: nothing to build.
  void searchState.write(tx, { ...EMPTY_SEARCH, topics: [], build: { done: true } });
  void paperTotal.write(tx, 0);
  await tx.done;
}
