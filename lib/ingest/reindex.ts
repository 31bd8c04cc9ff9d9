import type { Paper } from '../paper';
import type { IndexDb } from '../store/open';
import { type WriteResult, writePapers } from '../store/papers';
import type { StoredPaper } from '../store/schema';

const REINDEX_KEY = 'reindex';
export const REINDEX_CHUNK = 500;

interface ReindexState {
  /** What the index was (or is being) brought to: tagging signature + tracked categories. */
  target: string;
  /** Papers with ids up to here are done; undefined while not started. */
  after?: string;
  done: boolean;
}

export function indexTarget(signature: string, categories: readonly string[]): string {
  return `${signature}|${[...categories].sort().join(',')}`;
}

/**
 * Re-tags the index after the topic pack, a user topic or the tracked categories changed, in chunks
 * of `REINDEX_CHUNK` papers. Each chunk is one transaction with its cursor, so a stopped worker resumes.
 */
export async function reindex(
  db: IndexDb,
  target: string,
  toStored: (paper: Paper) => StoredPaper,
  onWrite: (result: WriteResult) => void,
  chunk = REINDEX_CHUNK,
): Promise<{ rewritten: number }> {
  const saved = (await db.get('meta', REINDEX_KEY))?.value as ReindexState | undefined;
  if (saved?.target === target && saved.done) return { rewritten: 0 };
  let after = saved?.target === target ? saved.after : undefined;
  let rewritten = 0;
  for (;;) {
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const papers = await db.getAll('papers', range, chunk);
    const last = papers.at(-1);
    const changed: StoredPaper[] = [];
    for (const paper of papers) {
      const next = toStored(stripIndexFields(paper));
      if (
        next.packVersion !== paper.packVersion ||
        next.tracked !== paper.tracked ||
        !sameTopics(next, paper)
      ) {
        changed.push(next);
      }
    }
    const state: ReindexState = { target, after: last?.id ?? after, done: papers.length < chunk };
    onWrite(await writePapers(db, changed, { [REINDEX_KEY]: state }));
    rewritten += changed.length;
    if (state.done) return { rewritten };
    after = last?.id;
  }
}

function sameTopics(a: StoredPaper, b: StoredPaper): boolean {
  return a.topics.length === b.topics.length && a.topics.every((t, i) => t === b.topics[i]);
}

function stripIndexFields(paper: StoredPaper): Paper {
  const { topics: _t, packVersion: _p, tracked: _k, topicKeys: _keys, ...rest } = paper;
  return rest;
}
