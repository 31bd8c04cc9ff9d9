import { changeCorrection } from '../store/corrections';
import { type WriteResult, writePapers } from '../store/paper-writes';
import { readPapers } from '../store/papers';
import type { CorrectionRecord, IndexDb, IndexedPaper, StoredPaper } from '../store/schema';

/**
 * The reader's corrections applied to the index. A paper is tagged again from its stored text and written
 * through `writePapers`, which leaves out what the corrections say in the same transaction: counts, topic
 * lists and chips follow at once, and an undo gives back exactly what the tagger says.
 */
export function createCorrecting(
  db: () => Promise<IndexDb>,
  retag: (row: StoredPaper) => IndexedPaper,
  now: () => number,
  applyWrite: (result: WriteResult) => void,
) {
  const retagged = async (database: IndexDb, ids: readonly string[]) =>
    (await readPapers(database, ids)).flatMap((row) => (row ? [retag(row)] : []));
  return {
    /** "Not this topic" on one paper (or its undo), with the paper rewritten, in one transaction. */
    async correct(change: { paperId: string; topicId: string; notThis: boolean }): Promise<CorrectionRecord> {
      const database = await db();
      const rows = await retagged(database, [change.paperId]);
      let record: CorrectionRecord | undefined;
      const result = await writePapers(database, rows, async (tx) => {
        record = await changeCorrection(tx.objectStore('corrections'), { ...change, at: now() });
      });
      applyWrite(result);
      return record!;
    },
    /** Rewrites indexed papers after corrections for them arrived another way (an import). */
    async rewrite(ids: readonly string[]): Promise<void> {
      const database = await db();
      const rows = await retagged(database, ids);
      if (rows.length > 0) applyWrite(await writePapers(database, rows));
    },
  };
}
