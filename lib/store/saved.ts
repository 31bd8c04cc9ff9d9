import type { IndexDb, SavedRecord, StoredPaper } from './schema';

/** The reading list: a store of its own, which no clean-up of the index touches. */

/** Papers the reading list holds at most: all of them fit in one backup file (lib/backup.ts). */
export const MAX_SAVED = 20_000;

export async function unsave(db: IndexDb, id: string): Promise<void> {
  await db.delete('saved', id);
}

/**
 * Saves a paper unless it is on the list already (then its record, read mark and savedAt stay) or the list
 * is full (`full`, nothing written): read and write in one transaction, so a second Save click meanwhile
 * changes nothing. `build` gets the index's row.
 */
export async function saveOnce(
  db: IndexDb,
  id: string,
  build: (stored: StoredPaper | undefined) => SavedRecord,
): Promise<{ indexed: boolean; full: boolean }> {
  const tx = db.transaction(['saved', 'papers'], 'readwrite');
  const [existing, stored, count] = await Promise.all([
    tx.objectStore('saved').get(id),
    tx.objectStore('papers').get(id),
    tx.objectStore('saved').count(),
  ]);
  const full = !existing && count >= MAX_SAVED;
  if (!existing && !full) await tx.objectStore('saved').put(build(stored));
  await tx.done;
  return { indexed: stored !== undefined, full };
}

/** Which of `ids` are on the list. */
export async function savedAmong(db: IndexDb, ids: readonly string[]): Promise<string[]> {
  const store = db.transaction('saved').store;
  const keys = await Promise.all(ids.map((id) => store.getKey(id)));
  return ids.filter((_, i) => keys[i] !== undefined);
}

/**
 * The whole list, incomplete records (saved before the index had the paper) completed from the index
 * by `complete` and written back, in one transaction.
 */
export async function listSaved(
  db: IndexDb,
  complete: (record: SavedRecord, paper: StoredPaper | undefined) => SavedRecord | undefined,
): Promise<SavedRecord[]> {
  const tx = db.transaction(['saved', 'papers'], 'readwrite');
  const records = await tx.objectStore('saved').getAll();
  const incomplete = records.filter((r) => r.published === 0 || r.updated === 0 || !r.title);
  const found = await Promise.all(incomplete.map((r) => tx.objectStore('papers').get(r.id)));
  const completed = new Map<string, SavedRecord>();
  incomplete.forEach((record, i) => {
    const next = complete(record, found[i]);
    if (next) completed.set(record.id, next);
  });
  await Promise.all([...completed.values()].map((r) => tx.objectStore('saved').put(r)));
  await tx.done;
  return records.map((r) => completed.get(r.id) ?? r);
}

/** Sets a saved paper's read mark; undefined when it is not on the list. */
export async function markRead(db: IndexDb, id: string, read: boolean): Promise<SavedRecord | undefined> {
  const tx = db.transaction('saved', 'readwrite');
  const record = await tx.store.get(id);
  if (!record) return undefined;
  const next = { ...record, read };
  await tx.store.put(next);
  await tx.done;
  return next;
}
