import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearIndex } from '@/lib/store/clear-index';
import { openIndexDb } from '@/lib/store/open';
import { paperTotal, readPaperTotal } from '@/lib/store/paper-total';
import { writePapers } from '@/lib/store/paper-writes';
import type { IndexDb } from '@/lib/store/schema';
import { storedPaper } from '../helpers/stored-paper';

const write = (db: IndexDb, ids: number[]) =>
  writePapers(
    db,
    ids.map((n) => storedPaper(n)),
  );

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the kept paper count', () => {
  it('follows every write (new papers only) and the emptied index, without counting the store', async () => {
    const db = await openIndexDb('paper-total');
    await write(db, [1, 2, 3]);
    expect(await paperTotal.read(db)).toBe(3);
    await write(db, [3, 4]); // 3 again: replaced, not added
    expect(await readPaperTotal(db)).toBe(4);
    await clearIndex(db);
    expect(await readPaperTotal(db)).toBe(0);
    await write(db, [5]);
    expect(await readPaperTotal(db)).toBe(1);
    db.close();
  });

  it('stays equal to the store when writes land together, and is counted once where it was not kept', async () => {
    const db = await openIndexDb('paper-total-race');
    await Promise.all([write(db, [1, 2]), write(db, [2, 3, 4]), write(db, [5])]);
    expect(await readPaperTotal(db)).toBe(await db.count('papers'));
    expect(await readPaperTotal(db)).toBe(5);
    await db.delete('meta', paperTotal.key);
    expect(await paperTotal.read(db)).toBeNull();
    expect(await readPaperTotal(db)).toBe(5);
    expect(await paperTotal.read(db)).toBe(5);
    db.close();
  });
});
