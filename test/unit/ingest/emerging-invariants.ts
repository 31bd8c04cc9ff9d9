import { expect } from 'vitest';
import { createEmerging } from '@/lib/background/emerging';
import { countWeek, weekStart } from '@/lib/discover/weekly';
import { coveredSince } from '@/lib/ingest/plan';
import { emergingAnswer, trackedPapersBetween } from '@/lib/store/emerging';
import type { IndexDb } from '@/lib/store/schema';
import { syncState } from '@/lib/store/sync-state';

/**
 * What must hold of Emerging after any fault, however its kept counts were reached: once it has answered,
 * every week it keeps counts exactly the tracked papers the index now holds in that week (no untracked
 * paper, none missing), and the kept answer is the one it computes again from those counts.
 */
export async function expectEmergingKept(db: IndexDb, isFineTopic: (id: string) => boolean): Promise<void> {
  // The history the app counts from: what its sync state says the index covers (all of it without one).
  const historyStart = async () => {
    const sync = await syncState.read(db);
    return coveredSince(sync, Object.keys(sync.categories)) ?? 0;
  };
  const emerging = () => createEmerging({ db: async () => db, isFineTopic, historyStart });
  const kept = await emerging().answer();
  for (const record of await db.getAll('emergingWeeks')) {
    const papers = await trackedPapersBetween(db, weekStart(record.week), weekStart(record.week + 1));
    const recount = countWeek(papers.map((p) => ({ ...p, date: p.published })));
    const what = `kept counts of week ${record.week} equal a recount of its tracked papers`;
    const { once: _kept, week: _w, stored: _s, tracked: _t, ...counts } = record;
    const { once: _recounted, ...again } = recount;
    expect(counts, what).toEqual(again);
    // Compared as bytes: a deep equality walks the 512 kB filter an element at a time (seconds a week).
    expect(Buffer.from(record.once).equals(Buffer.from(recount.once)), what).toBe(true);
  }
  const tx = db.transaction('meta', 'readwrite');
  await emergingAnswer.remove(tx);
  await tx.done;
  expect(await emerging().answer(), 'the kept answer is the one counted again').toEqual(kept);
}
