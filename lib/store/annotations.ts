import type { IDBPObjectStore, StoreNames } from 'idb';
import type {
  AnnotationEntry,
  AnnotationShard,
  IndexDb,
  IndexedPaper,
  PaperPulseDB,
  StoredPaper,
} from './schema';

/** Evidence given per tag of an indexed paper: enough to say why. */
export const EVIDENCE_PER_TAG = 3;

/** `2609.12345` -> `2609.1`; `hep-th/9901001` -> `hep-th/9901`. */
export function shardOf(id: string): string {
  const slash = id.indexOf('/');
  return slash >= 0 ? id.slice(0, slash + 5) : id.slice(0, 6);
}

export function annotationOf(paper: IndexedPaper): AnnotationEntry {
  return {
    title: paper.title,
    categories: paper.categories,
    // Version 1 wrote rows without `tracked` and `topics` (the re-tagging job adds them): none yet.
    tracked: paper.tracked ?? false,
    // Rows written without tags (migrated from before annotations existed) keep their topics, unexplained.
    tags:
      paper.tags?.map((t) => ({ id: t.id, score: t.score })) ??
      (paper.topics ?? []).map((id) => ({ id, score: 0 })),
  };
}

/** The row for the `papers` store: everything but the tags, which live in `annotations`. */
export function paperRecord(paper: IndexedPaper): StoredPaper {
  if (!paper.tags) return paper;
  const { tags: _tags, ...row } = paper;
  return row;
}

/** One shard's entries by paper id (none when the shard is not stored). */
export async function readAnnotationShard(
  db: IndexDb,
  shard: string,
): Promise<Record<string, AnnotationEntry>> {
  return (await db.get('annotations', shard))?.papers ?? {};
}

type AnnotationStore = IDBPObjectStore<
  PaperPulseDB,
  StoreNames<PaperPulseDB>[],
  'annotations',
  'readwrite' | 'versionchange'
>;

/** Puts the papers' entries into their shards (inside the caller's transaction); returns the shards touched. */
export async function putAnnotations(
  store: AnnotationStore,
  papers: readonly IndexedPaper[],
): Promise<Set<string>> {
  const byShard = new Map<string, IndexedPaper[]>();
  for (const paper of papers) {
    const shard = shardOf(paper.id);
    const list = byShard.get(shard);
    if (list) list.push(paper);
    else byShard.set(shard, [paper]);
  }
  const keys = [...byShard.keys()];
  const records = await Promise.all(keys.map((k) => store.get(k)));
  keys.forEach((shard, i) => {
    const record: AnnotationShard = records[i] ?? { shard, papers: {} };
    for (const paper of byShard.get(shard)!) record.papers[paper.id] = annotationOf(paper);
    void store.put(record);
  });
  return new Set(keys);
}

/**
 * Annotation entries by paper id, read a shard at a time and kept in memory until a write touches the
 * shard. At most `maxShards` shards are kept (least recently used go first).
 */
export function createAnnotationCache(db: () => Promise<IndexDb>, maxShards = 64) {
  const shards = new Map<string, Promise<Record<string, AnnotationEntry>>>();
  return {
    async get(ids: readonly string[]): Promise<Map<string, AnnotationEntry>> {
      const wanted = [...new Set(ids.map(shardOf))];
      const missing = wanted.filter((s) => !shards.has(s));
      if (missing.length) {
        const tx = (await db()).transaction('annotations');
        for (const shard of missing) {
          shards.set(
            shard,
            tx.store.get(shard).then((r) => r?.papers ?? {}),
          );
        }
      }
      const found = new Map<string, AnnotationEntry>();
      for (const shard of wanted) {
        const papers = await shards.get(shard)!;
        // Recently used: move to the end of the map's order.
        shards.delete(shard);
        shards.set(shard, Promise.resolve(papers));
      }
      for (const id of ids) {
        const papers = await shards.get(shardOf(id))!;
        const entry = papers[id];
        if (entry) found.set(id, entry);
      }
      while (shards.size > maxShards) shards.delete(shards.keys().next().value!);
      return found;
    },
    invalidate(touched: Iterable<string>) {
      for (const shard of touched) shards.delete(shard);
    },
    clear() {
      shards.clear();
    },
  };
}
