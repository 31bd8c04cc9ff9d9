import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { indexTarget, reindex } from '@/lib/ingest/reindex';
import type { Paper } from '@/lib/paper';
import { shardOf } from '@/lib/store/annotations';
import { openIndexDb } from '@/lib/store/open';
import { type WriteResult, withTopicKeys, writePapers } from '@/lib/store/papers';
import type { StoredPaper } from '@/lib/store/schema';

const DAY = 86_400_000;

/** `n` papers with ids from `2609.1xxxx` on: the first 1,200 share one annotation shard. */
function papers(n: number): Paper[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i < 1200 ? `2609.1${String(i).padStart(4, '0')}` : `2609.2${String(i).padStart(4, '0')}`,
    title: `Paper ${i}`,
    abstract: 'Abstract.',
    authors: ['Ada Lovelace'],
    authorCount: 1,
    categories: ['cs.LG'],
    primary: 'cs.LG',
    published: Date.UTC(2026, 8, 1) + (i % 7) * DAY,
    updated: Date.UTC(2026, 8, 1),
  }));
}

const tag =
  (version: string, topic: string) =>
  (paper: Paper): StoredPaper =>
    withTopicKeys({ ...paper, topics: [topic], packVersion: version, tracked: true });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('reindex', () => {
  it('writes each annotation shard once per re-tag, not once per chunk of papers read', async () => {
    const db = await openIndexDb('reindex-shards');
    await writePapers(db, papers(1500).map(tag('old', 'topic-a')));
    const writes: WriteResult[] = [];
    const { rewritten } = await reindex(db, 'new', tag('new', 'topic-b'), (w) => writes.push(w), 500);
    expect(rewritten).toBe(1500);
    const touched = writes.flatMap((w) => [...w.shards]);
    expect(touched.sort()).toEqual([shardOf('2609.10000'), shardOf('2609.21200')]);
    const rows = await db.getAll('papers');
    expect(rows.every((r) => r.packVersion === 'new' && r.topics[0] === 'topic-b')).toBe(true);
    const counts = await db.get('counts', 'topic-b');
    expect(Object.values(counts?.days ?? {}).reduce((a, b) => a + b, 0)).toBe(1500);
    expect(Object.keys((await db.get('counts', 'topic-a'))?.days ?? {})).toEqual([]);
    db.close();
  });

  it('resumes after the last shard written when the worker stops mid-way, counting each paper once', async () => {
    const db = await openIndexDb('reindex-resume');
    await writePapers(db, papers(1500).map(tag('old', 'topic-a')));
    let calls = 0;
    const dying = (paper: Paper) => {
      if (++calls === 1300) throw new Error('worker stopped');
      return tag('new', 'topic-b')(paper);
    };
    await expect(reindex(db, 'new', dying, () => undefined, 500)).rejects.toThrow('worker stopped');
    // The first shard landed whole; the second not at all.
    const rows = await db.getAll('papers');
    expect(rows.filter((r) => r.packVersion === 'new')).toHaveLength(1200);
    const seen: string[] = [];
    const { rewritten } = await reindex(
      db,
      'new',
      (paper) => {
        seen.push(paper.id);
        return tag('new', 'topic-b')(paper);
      },
      () => undefined,
      500,
    );
    expect(rewritten).toBe(300);
    expect(seen).toHaveLength(300);
    const counts = await db.get('counts', 'topic-b');
    expect(Object.values(counts?.days ?? {}).reduce((a, b) => a + b, 0)).toBe(1500);
    expect(await reindex(db, 'new', tag('new', 'topic-b'), () => undefined, 500)).toEqual({ rewritten: 0 });
    expect(indexTarget('sig', ['cs.LG', 'cs.AI'])).toBe('sig|cs.AI,cs.LG');
    db.close();
  });
});
