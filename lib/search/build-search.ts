import type { IndexDb, StoredPaper } from '../store/schema';
import { EMPTY_SEARCH, isCurrentSearch, type SearchState, searchState } from './search-state';
import { indexForSearch, SEARCH_STORES, searchStores } from './search-write';

/** Papers indexed per transaction: tokenizing 500 abstracts is a few tens of ms, so pages wait at most that. */
export const BUILD_CHUNK = 500;

/**
 * Builds the stored search index from the papers already stored: once after the upgrade that brought it,
 * and again whenever SEARCH_FORMAT or TOKENIZER_VERSION changes (the stores are emptied first). Papers are taken in id order,
 * BUILD_CHUNK a transaction, each with the cursor, so a stopped worker resumes after the last chunk. Papers
 * written meanwhile are indexed by their own write (lib/store/paper-writes.ts) and skipped here. Returns how many
 * papers it indexed (0 when the index was complete).
 */
export async function buildSearchIndex(
  db: IndexDb,
  /** After each chunk: the papers the index holds now (progress, and what memory holds of it is stale). */
  onChunk: (indexed: number) => void = () => undefined,
  pause: () => Promise<void> = nextTask,
): Promise<number> {
  let state = await searchState.read(db);
  if (!isCurrentSearch(state)) {
    state = await resetSearchIndex(db);
    onChunk(0);
  }
  let indexed = 0;
  while (!state.build.done) {
    const range =
      state.build.after === undefined ? undefined : IDBKeyRange.lowerBound(state.build.after, true);
    const keys = await db.getAllKeys('papers', range, BUILD_CHUNK);
    const tx = db.transaction(['papers', 'meta', ...SEARCH_STORES], 'readwrite');
    const papers = tx.objectStore('papers');
    // Read again inside the transaction: a write since the keys were read must not be undone here.
    const [current, rows] = await Promise.all([
      searchState.read(tx),
      Promise.all(keys.map((k) => papers.get(k))),
    ]);
    state = current;
    const entries = rows
      .filter((row): row is StoredPaper => row !== undefined)
      .map((row) => ({ paper: { ...row }, old: row }));
    // A row indexed by a write since the build began keeps its number (indexForSearch checks it).
    const fresh = await indexForSearch(searchStores(tx), state, entries);
    const changed = entries.filter((e) => e.paper.doc !== e.old.doc);
    for (const { paper } of changed) void papers.put(paper);
    state.build = { after: keys.at(-1) ?? state.build.after, done: keys.length < BUILD_CHUNK };
    await searchState.write(tx, state);
    await tx.done;
    indexed += fresh;
    onChunk(state.live);
    await pause();
  }
  return indexed;
}

/** Empties the search stores and starts the state over (for a new format, or an emptied index). */
export async function resetSearchIndex(db: IndexDb): Promise<SearchState> {
  const tx = db.transaction(['meta', ...SEARCH_STORES], 'readwrite');
  const state: SearchState = { ...EMPTY_SEARCH, topics: [], build: { done: false } };
  await Promise.all(SEARCH_STORES.map((store) => tx.objectStore(store).clear()));
  await searchState.write(tx, state);
  await tx.done;
  return state;
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
