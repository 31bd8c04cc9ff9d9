import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { trackedPapersBetween } from '@/lib/store/emerging';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import type { IndexDb } from '@/lib/store/schema';
import { storedPaper } from '../helpers/stored-paper';

const DAY = 86_400_000;
const START = Date.UTC(2026, 8, 1);

/** 40 papers a day, a minute apart, every fifth untracked. */
const stored = (n: number) =>
  storedPaper(n, START + Math.floor(n / 40) * DAY + (n % 40) * 60_000, n % 5 !== 0);

let db: IndexDb;
beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  db = await openIndexDb();
});

describe('trackedPapersBetween', () => {
  it('reads the tracked papers of [from, to) in date order, a day at most per read', async () => {
    // 28 days of 40 papers: the recent window Emerging recounts from.
    await writePapers(
      db,
      Array.from({ length: 28 * 40 }, (_, n) => stored(n)),
    );
    const sizes: number[] = [];
    const getAll = db.getAllFromIndex.bind(db);
    vi.spyOn(db, 'getAllFromIndex').mockImplementation(async (...args: Parameters<typeof getAll>) => {
      const rows = await getAll(...args);
      sizes.push(rows.length);
      return rows;
    });
    const from = START + 2 * DAY + 30 * 60_000;
    const to = START + 20 * DAY;
    const papers = await trackedPapersBetween(db, from, to);
    const expected = Array.from({ length: 28 * 40 }, (_, n) => stored(n)).filter(
      (p) => p.tracked && p.published >= from && p.published < to,
    );
    expect(papers.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    // One read of the whole window would deserialise every paper in one task, and the worker would
    // answer no page meanwhile.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(40);
  });
});
