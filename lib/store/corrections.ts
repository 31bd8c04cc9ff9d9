import type { IDBPObjectStore, StoreNames } from 'idb';
import type { CorrectionRecord, IndexDb, IndexedPaper, PaperPulseDB } from './schema';
import { withTopicKeys } from './topic-keys';

type CorrectionStore = IDBPObjectStore<PaperPulseDB, StoreNames<PaperPulseDB>[], 'corrections', 'readwrite'>;

/** The paper without the topics the reader took off it: topics, topic keys (lists, counts) and tags. */
export function withoutCorrected(
  paper: IndexedPaper,
  removed: ReadonlySet<string> | undefined,
): IndexedPaper {
  if (!removed || removed.size === 0 || !paper.topics.some((t) => removed.has(t))) return paper;
  const { topicKeys: _keys, tags, ...rest } = paper;
  const kept = withTopicKeys({ ...rest, topics: paper.topics.filter((t) => !removed.has(t)) });
  return tags ? { ...kept, tags: tags.filter((t) => !removed.has(t.id)) } : kept;
}

/**
 * Adds (`notThis`) or takes back one topic of a paper's corrections, inside the caller's transaction (the
 * one that rewrites the paper): read, changed and written there, so two changes never lose one another.
 */
export async function changeCorrection(
  store: CorrectionStore,
  change: { paperId: string; topicId: string; notThis: boolean; at: number },
): Promise<CorrectionRecord> {
  const current = await store.get(change.paperId);
  const topics = new Set(current?.topics ?? []);
  if (change.notThis) topics.add(change.topicId);
  else topics.delete(change.topicId);
  const record = { paperId: change.paperId, topics: [...topics], at: change.at };
  if (record.topics.length > 0) void store.put(record);
  else void store.delete(change.paperId);
  return record;
}

/**
 * The corrections in memory (the annotate handler filters page-text tags with them, the options page lists
 * them), changed only after the database: `committed` follows each transaction that wrote them.
 */
export async function loadCorrections(db: () => Promise<IndexDb>) {
  const byPaper = new Map((await (await db()).getAll('corrections')).map((r) => [r.paperId, r]));
  return {
    of: (paperId: string): ReadonlySet<string> | undefined => {
      const topics = byPaper.get(paperId)?.topics;
      return topics ? new Set(topics) : undefined;
    },
    all: (): CorrectionRecord[] => [...byPaper.values()],
    committed(records: readonly CorrectionRecord[]) {
      for (const record of records) {
        if (record.topics.length > 0) byPaper.set(record.paperId, record);
        else byPaper.delete(record.paperId);
      }
    },
  };
}

export type Corrections = Awaited<ReturnType<typeof loadCorrections>>;
