import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPaperCount } from '@/lib/background/paper-count';
import { clearIndex } from '@/lib/store/clear-index';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/papers';
import type { IndexDb } from '@/lib/store/schema';
import { storedPaper } from '../helpers/stored-paper';

const stored = (n: number) => storedPaper(n);

/** A write as the ingestor makes it: the count hears of it after it committed. */
async function write(db: IndexDb, count: ReturnType<typeof createPaperCount>, ids: number[]) {
  count.added((await writePapers(db, ids.map(stored))).added);
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the kept paper count', () => {
  it('counts once, then follows writes (new papers only), and counts again after the index is emptied', async () => {
    const db = await openIndexDb('paper-count');
    const count = createPaperCount(async () => db);
    await write(db, count, [1, 2, 3]);
    expect(await count.total()).toBe(3);
    await write(db, count, [3, 4]); // 3 again: replaced, not added
    expect(await count.total()).toBe(4);
    await clearIndex(db);
    count.cleared();
    expect(await count.total()).toBe(0);
    await write(db, count, [5]);
    expect(await count.total()).toBe(1);
    db.close();
  });

  it('stays equal to the store when writes land around the count', async () => {
    const db = await openIndexDb('paper-count-race');
    const count = createPaperCount(async () => db);
    await write(db, count, [1, 2]);
    // Writes begun just before and just after the count, all in flight together.
    const before = write(db, count, [3, 4]);
    const total = count.total();
    const after = write(db, count, [5]);
    await Promise.all([before, total, after]);
    expect(await count.total()).toBe(await db.count('papers'));
    expect(await count.total()).toBe(5);
    db.close();
  });
});
