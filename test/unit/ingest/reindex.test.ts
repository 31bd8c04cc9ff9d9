import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { indexTarget, reindex } from '@/lib/ingest/reindex';
import type { Paper } from '@/lib/paper';
import { shardOf } from '@/lib/store/annotations';
import { openIndexDb } from '@/lib/store/open';
import { type WriteResult, writePapers } from '@/lib/store/paper-writes';
import { withTopicKeys } from '@/lib/store/papers';
import type { IndexDb, IndexedPaper, StoredPaper } from '@/lib/store/schema';

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
  (topic: string) =>
  (paper: Paper): StoredPaper =>
    withTopicKeys({ ...paper, topics: [topic], tracked: true });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('reindex', () => {
  it('writes each annotation shard once per re-tag, not once per chunk of papers read', async () => {
    const db = await openIndexDb('reindex-shards');
    await writePapers(db, papers(1500).map(tag('topic-a')));
    const writes: WriteResult[] = [];
    const { rewritten } = await reindex(db, 'new', tag('topic-b'), (w) => writes.push(w), 500);
    expect(rewritten).toBe(1500);
    const touched = writes.flatMap((w) => [...w.shards]);
    expect(touched.sort()).toEqual([shardOf('2609.10000'), shardOf('2609.21200')]);
    const rows = await db.getAll('papers');
    expect(rows.every((r) => r.topics[0] === 'topic-b')).toBe(true);
    const counts = await db.get('counts', 'topic-b');
    expect(Object.values(counts?.days ?? {}).reduce((a, b) => a + b, 0)).toBe(1500);
    expect(Object.keys((await db.get('counts', 'topic-a'))?.days ?? {})).toEqual([]);
    db.close();
  });

  it('resumes after the last shard written when the worker stops mid-way, counting each paper once', async () => {
    const db = await openIndexDb('reindex-resume');
    await writePapers(db, papers(1500).map(tag('topic-a')));
    let calls = 0;
    const dying = (paper: Paper) => {
      if (++calls === 1300) throw new Error('worker stopped');
      return tag('topic-b')(paper);
    };
    await expect(reindex(db, 'new', dying, () => undefined, 500)).rejects.toThrow('worker stopped');
    // The first shard landed whole; the second not at all.
    const rows = await db.getAll('papers');
    expect(rows.filter((r) => r.topics[0] === 'topic-b')).toHaveLength(1200);
    const seen: string[] = [];
    const progress: number[] = [];
    const { rewritten } = await reindex(
      db,
      'new',
      (paper) => {
        seen.push(paper.id);
        return tag('topic-b')(paper);
      },
      () => undefined,
      500,
      (checked) => progress.push(checked),
    );
    expect(rewritten).toBe(300);
    expect(seen).toHaveLength(300);
    // Progress goes on from the papers the stopped run had done.
    expect(progress).toEqual([1500]);
    const counts = await db.get('counts', 'topic-b');
    expect(Object.values(counts?.days ?? {}).reduce((a, b) => a + b, 0)).toBe(1500);
    expect(await reindex(db, 'new', tag('topic-b'), () => undefined, 500)).toMatchObject({ rewritten: 0 });
    expect(indexTarget('sig', ['cs.LG', 'cs.AI'])).toBe('sig|cs.AI,cs.LG');
    db.close();
  });

  it('after a pack update rewrites only the papers whose tags changed, and keeps the counts exact', async () => {
    const db = await openIndexDb('reindex-pack-update');
    const all = papers(1500);
    // The old pack tagged every tenth paper `dropped` as well; the new one drops that topic and scores
    // every seventh paper's `kept` tag differently (same ids, new score).
    const oldPack = (paper: Paper): IndexedPaper => tagged(paper, index(paper) % 10 === 0, 1);
    const newPack = (paper: Paper): IndexedPaper => tagged(paper, false, index(paper) % 7 === 0 ? 2 : 1);
    // Rows as an older version wrote them: each still carries the pack version it was tagged with.
    await writePapers(
      db,
      all.map((p) => ({ ...oldPack(p), packVersion: 'old' })),
    );
    const changed = all.filter((p) => index(p) % 10 === 0 || index(p) % 7 === 0);
    const { rewritten } = await reindex(db, 'new', newPack, () => undefined, 500);
    expect(rewritten).toBe(changed.length);

    // The same papers written afresh with the new pack: the counts and tags must match them.
    const fresh = await openIndexDb('reindex-pack-update-fresh');
    await writePapers(fresh, all.map(newPack));
    // A topic no paper has any more keeps an empty record.
    const counted = async (d: IndexDb) =>
      (await d.getAll('counts')).filter((c) => Object.keys(c.days).length > 0);
    expect(await counted(db)).toEqual(await counted(fresh));
    expect(await db.getAll('annotations')).toEqual(await fresh.getAll('annotations'));
    expect(await reindex(db, 'newer', newPack, () => undefined, 500)).toMatchObject({ rewritten: 0 });
    db.close();
    fresh.close();
  });

  it('answers pending tasks while it tags a chunk, not only between chunks', async () => {
    const db = await openIndexDb('reindex-slices');
    await writePapers(db, papers(300).map(tag('topic-a')));
    let tagged = 0;
    let taggedWhenAnswered: number | undefined;
    const slow = (paper: Paper) => {
      // A message arrives as the first paper is tagged.
      if (tagged === 0) setTimeout(() => (taggedWhenAnswered = tagged), 0);
      const until = performance.now() + 1;
      while (performance.now() < until) {
        // a tagger that takes a millisecond a paper
      }
      tagged++;
      return tag('topic-b')(paper);
    };
    // One chunk of 300 papers: read at once, then tagged for ~300 ms.
    await reindex(db, 'new', slow, () => undefined, 1000);
    expect(taggedWhenAnswered).toBeLessThan(300);
    db.close();
  });
});

function index(paper: Paper): number {
  return Number(paper.id.slice(-4));
}

function tagged(paper: Paper, dropped: boolean, score: number): IndexedPaper {
  const tags = [{ id: 'kept', score }, ...(dropped ? [{ id: 'dropped', score: 1 }] : [])];
  return { ...withTopicKeys({ ...paper, topics: tags.map((t) => t.id), tracked: true }), tags };
}
