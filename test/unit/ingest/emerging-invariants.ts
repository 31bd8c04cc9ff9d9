import { expect } from 'vitest';
import { createEmerging } from '@/lib/background/emerging';
import { countWeek, weekStart } from '@/lib/discover/weekly';
import { emergingAnswer, trackedPapersBetween } from '@/lib/store/emerging';
import type { IndexDb } from '@/lib/store/schema';

/**
 * What must hold of Emerging after any fault, however its kept counts were reached: once it has answered,
 * every week it keeps counts exactly the tracked papers the index now holds in that week (no untracked
 * paper, none missing), and the kept answer is the one it computes again from those counts.
 */
export async function expectEmergingKept(db: IndexDb, isFineTopic: (id: string) => boolean): Promise<void> {
  const emerging = () => createEmerging({ db: async () => db, isFineTopic });
  const kept = await emerging().answer();
  for (const record of await db.getAll('emergingWeeks')) {
    const papers = await trackedPapersBetween(db, weekStart(record.week), weekStart(record.week + 1));
    const recount = countWeek(papers.map((p) => ({ ...p, date: p.published })));
    const what = `kept counts of week ${record.week} equal a recount of its tracked papers`;
    expect({ papers: record.papers, phrases: record.phrases }, what).toEqual({
      papers: recount.papers,
      phrases: recount.phrases,
    });
    // Compared as bytes: a deep equality walks the 256 kB filter an element at a time (seconds a week).
    expect(Buffer.from(record.once).equals(Buffer.from(recount.once)), what).toBe(true);
  }
  const tx = db.transaction('meta', 'readwrite');
  await emergingAnswer.remove(tx);
  await tx.done;
  expect(await emerging().answer(), 'the kept answer is the one counted again').toEqual(kept);
}
