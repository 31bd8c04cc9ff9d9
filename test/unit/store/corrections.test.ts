import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createStoredSearch } from '@/lib/search/stored-search';
import { changeCorrection, loadCorrections, withoutCorrected } from '@/lib/store/corrections';
import { openIndexDb } from '@/lib/store/open';
import { readPaperTotal } from '@/lib/store/paper-total';
import { writePapers } from '@/lib/store/paper-writes';
import { readAllCounts, topicKey, unseenCounts, withTopicKeys } from '@/lib/store/papers';
import type { IndexedPaper } from '@/lib/store/schema';
import { storedPaper } from '../helpers/stored-paper';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

/** Paper 1, tagged agentic-rl, reinforcement-learning and cs.LG. */
function tagged(): IndexedPaper {
  const row = storedPaper(1);
  const topics = ['agentic-rl', 'reinforcement-learning', 'cs.LG'];
  return {
    ...withTopicKeys({ ...row, topics }),
    tags: topics.map((id, i) => ({ id, score: 3 - i })),
  };
}

describe('corrections in the store', () => {
  it('withoutCorrected drops the topics from topics, topic keys and tags, and nothing else', () => {
    const paper = tagged();
    const fixed = withoutCorrected(paper, new Set(['agentic-rl']));
    expect(fixed.topics).toEqual(['reinforcement-learning', 'cs.LG']);
    expect(fixed.topicKeys).toEqual(
      ['reinforcement-learning', 'cs.LG'].map((t) => topicKey(t, paper.published)),
    );
    expect(fixed.tags?.map((t) => t.id)).toEqual(['reinforcement-learning', 'cs.LG']);
    expect({ ...fixed, topics: 0, topicKeys: 0, tags: 0 }).toEqual({
      ...paper,
      topics: 0,
      topicKeys: 0,
      tags: 0,
    });
    expect(withoutCorrected(paper, new Set(['other']))).toBe(paper);
    expect(withoutCorrected(paper, undefined)).toBe(paper);
  });

  it('every write leaves corrected topics out, whatever the copy it was given says, counts included', async () => {
    const db = await openIndexDb();
    await writePapers(db, [tagged()]);
    expect((await readAllCounts(db)).get('agentic-rl')?.size).toBe(1);
    // The correction and the paper's rewrite in one transaction.
    const result = await writePapers(db, [tagged()], async (tx) => {
      await changeCorrection(tx.objectStore('corrections'), {
        paperId: tagged().id,
        topicId: 'agentic-rl',
        notThis: true,
        at: 5,
      });
    });
    expect(result.rows[0]!.topics).not.toContain('agentic-rl');
    expect(result.delta.get('agentic-rl')).toEqual(
      new Map([[Math.floor(tagged().published / 86_400_000), -1]]),
    );
    expect((await readAllCounts(db)).get('agentic-rl')?.size ?? 0).toBe(0);
    // A copy tagged before the correction, written after it: still out.
    await writePapers(db, [tagged()]);
    expect((await db.get('papers', tagged().id))!.topics).toEqual(['reinforcement-learning', 'cs.LG']);
    expect((await db.get('annotations', '2609.1'))!.papers[tagged().id]!.tags.map((t) => t.id)).not.toContain(
      'agentic-rl',
    );
    const loaded = await loadCorrections(async () => db);
    expect(loaded.of(tagged().id)).toEqual(new Set(['agentic-rl']));
    db.close();
  });

  it('changeCorrection builds on what is stored and deletes a record left empty', async () => {
    const db = await openIndexDb();
    const change = async (topicId: string, notThis: boolean) => {
      const tx = db.transaction('corrections', 'readwrite');
      const record = await changeCorrection(tx.store as never, { paperId: 'p', topicId, notThis, at: 1 });
      await tx.done;
      return record;
    };
    await change('a', true);
    expect((await change('b', true)).topics).toEqual(['a', 'b']);
    await change('a', false);
    expect(await db.get('corrections', 'p')).toEqual({ paperId: 'p', topics: ['b'], at: 1 });
    await change('b', false);
    expect(await db.get('corrections', 'p')).toBeUndefined();
    db.close();
  });

  it('a correction and its undo keep the search index, the follows’ unseen counts and the paper total in step', async () => {
    const db = await openIndexDb();
    const search = createStoredSearch(async () => db);
    await db.put('follows', { topicId: 'agentic-rl', followedAt: 0, seenUntil: 0, unseen: 0 });
    await writePapers(db, [tagged()]);
    const found = async (topic: string) => {
      search.changed();
      return (await search.search({ text: 'paper', topic })).hits.map((h) => h.id);
    };
    expect(await found('agentic-rl')).toEqual([tagged().id]);
    expect((await unseenCounts(db)).get('agentic-rl')).toBe(1);
    expect(await readPaperTotal(db)).toBe(1);

    const correct = (notThis: boolean) =>
      writePapers(db, [tagged()], async (tx) => {
        await changeCorrection(tx.objectStore('corrections'), {
          paperId: tagged().id,
          topicId: 'agentic-rl',
          notThis,
          at: 5,
        });
      });
    await correct(true);
    // What is searched and counted is the paper as stored: without the topic the reader took off.
    expect(await found('agentic-rl')).toEqual([]);
    expect(await found('reinforcement-learning')).toEqual([tagged().id]);
    expect((await unseenCounts(db)).get('agentic-rl')).toBe(0);
    // A rewrite of a paper the index holds is no new paper.
    expect(await readPaperTotal(db)).toBe(1);
    // A copy tagged before the correction, written again (a refresh): still neither found nor counted there.
    await writePapers(db, [tagged()]);
    expect(await found('agentic-rl')).toEqual([]);
    expect((await unseenCounts(db)).get('agentic-rl')).toBe(0);

    await correct(false);
    expect(await found('agentic-rl')).toEqual([tagged().id]);
    expect((await unseenCounts(db)).get('agentic-rl')).toBe(1);
    expect(await readPaperTotal(db)).toBe(1);
    db.close();
  });
});
