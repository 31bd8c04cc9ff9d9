import type { Paper } from '../paper';
import { shardOf } from '../store/annotations';
import { readPapersAfter, type WriteResult, writePapers } from '../store/papers';
import type { IndexDb, StoredPaper } from '../store/schema';
import { type ReindexState, reindexState } from '../store/sync-state';

export const REINDEX_CHUNK = 500;

export function indexTarget(signature: string, categories: readonly string[]): string {
  return `${signature}|${[...categories].sort().join(',')}`;
}

/**
 * Re-tags the index after the topic pack, a user topic or the tracked categories changed. Papers are read
 * and tagged `chunk` at a time (the worker answers pages between chunks); the changed ones are written one
 * annotation shard at a time, so each shard (up to 10,000 papers' tags) is read and written once per
 * re-tag rather than once per chunk. Each write is one transaction with the cursor, so a stopped worker
 * resumes after the last shard written.
 */
export async function reindex(
  db: IndexDb,
  target: string,
  toStored: (paper: Paper) => StoredPaper,
  onWrite: (result: WriteResult) => void,
  chunk = REINDEX_CHUNK,
): Promise<{ rewritten: number }> {
  const saved = await reindexState.read(db);
  if (saved.target === target && saved.done) return { rewritten: 0 };
  let after = saved.target === target ? saved.after : undefined;
  let rewritten = 0;
  let shard: string | undefined;
  let pending: StoredPaper[] = [];
  const flush = async (through: string | undefined, done: boolean) => {
    const state: ReindexState = { target, after: through, done };
    onWrite(await writePapers(db, pending, (tx) => reindexState.write(tx, state)));
    rewritten += pending.length;
    pending = [];
  };
  for (;;) {
    const papers = await readPapersAfter(db, after, chunk);
    for (const paper of papers) {
      const next = shardOf(paper.id);
      // Ids sort by shard: a new shard means the last one is complete.
      if (shard !== undefined && next !== shard) await flush(after, false);
      shard = next;
      after = paper.id;
      const tagged = toStored(stripIndexFields(paper));
      if (
        tagged.packVersion !== paper.packVersion ||
        tagged.tracked !== paper.tracked ||
        !sameTopics(tagged, paper)
      ) {
        pending.push(tagged);
      }
    }
    if (papers.length < chunk) {
      await flush(after, true);
      return { rewritten };
    }
  }
}

function sameTopics(a: StoredPaper, b: StoredPaper): boolean {
  return a.topics.length === b.topics.length && a.topics.every((t, i) => t === b.topics[i]);
}

function stripIndexFields(paper: StoredPaper): Paper {
  const { topics: _t, packVersion: _p, tracked: _k, topicKeys: _keys, ...rest } = paper;
  return rest;
}
