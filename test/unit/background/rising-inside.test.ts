import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createRisingInside } from '@/lib/background/rising-inside';
import type { DiscoverPaper } from '@/lib/discover/acronym-aliases';
import { risingInside } from '@/lib/discover/rising-inside';
import { weekEnd, weekOf, weekStart } from '@/lib/discover/weekly';
import { openIndexDb } from '@/lib/store/open';
import { withTopicKeys } from '@/lib/store/papers';
import type { IndexDb } from '@/lib/store/schema';
import { INSIDE_PHRASE, insideCorpus, OUTSIDE_PHRASE } from '../helpers/discover/inside-corpus';

const LAST = weekOf(Date.UTC(2026, 2, 31));
const T = weekEnd(LAST);
const TOPIC = { id: 'neuromorphic', names: ['Neuromorphic Computing'] };

function row(p: DiscoverPaper, topics: string[]) {
  return withTopicKeys({
    id: p.id,
    title: p.title,
    abstract: p.abstract,
    authors: ['A. Author'],
    authorCount: 1,
    categories: [...p.categories],
    primary: p.categories[0] ?? 'cs.LG',
    published: p.date,
    updated: p.date,
    topics,
    tracked: true,
  });
}

async function filledDb(papers: { topic: DiscoverPaper[]; outside: DiscoverPaper[] }): Promise<IndexDb> {
  const db = await openIndexDb(`pp-inside-${Math.random()}`);
  const tx = db.transaction('papers', 'readwrite');
  for (const p of papers.topic) void tx.store.put(row(p, ['neuromorphic', 'cs.LG']));
  for (const p of papers.outside) void tx.store.put(row(p, ['cs.LG']));
  await tx.done;
  return db;
}

const insideOf = (db: IndexDb, since = 0) =>
  createRisingInside({
    db: async () => db,
    isFineTopic: (id) => !id.startsWith('cs.'),
    historyStart: async () => since,
  });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the phrases rising inside a topic, in the background', () => {
  it('reads the topic’s papers in Emerging’s sixteen weeks and answers as the pure function does', async () => {
    const papers = insideCorpus(T);
    const db = await filledDb(papers);
    const answer = await insideOf(db).answer(TOPIC);
    expect(answer).toMatchObject({ lastWeek: LAST, firstWeek: LAST - 15 });
    const from = weekStart(LAST - 15);
    const topic = papers.topic.filter((p) => p.date >= from);
    expect(answer!.recentPapers + answer!.baselinePapers).toBe(topic.length);
    expect(answer!.recentPapers).toBe(topic.filter((p) => p.date >= weekStart(LAST - 3)).length);
    const keys = answer!.phrases.map((e) => e.key);
    expect(keys).toContain(INSIDE_PHRASE);
    expect(keys).not.toContain(OUTSIDE_PHRASE);
    const expected = risingInside(topic, T, TOPIC, () => [], 30).map(({ expansion: _e, ...e }) => e);
    expect(answer!.phrases).toEqual(expected);
  });

  it('keeps the answer while the topic holds the same papers, and counts again when it changes', async () => {
    const papers = insideCorpus(T);
    const db = await filledDb(papers);
    const inside = insideOf(db);
    const first = await inside.answer(TOPIC);
    expect(await inside.answer(TOPIC)).toBe(first);
    // One more paper on the phrase inside the topic: the topic's count changed, so the answer is new.
    const extra = { ...papers.topic.find((p) => p.id === 'ti0')!, id: 'ti8', date: T - 86_400_000 };
    await db.put('papers', row(extra, ['neuromorphic']));
    const second = await inside.answer(TOPIC);
    expect(second).not.toBe(first);
    expect(second!.phrases.find((e) => e.key === INSIDE_PHRASE)!.recent).toBe(9);
    inside.forget();
    const third = await inside.answer(TOPIC);
    expect(third).not.toBe(second);
    expect(third).toEqual(second);
  });

  it('gives no answer on too short a history, as Emerging', async () => {
    const db = await filledDb(insideCorpus(T));
    expect(await insideOf(db, weekStart(LAST - 5)).answer(TOPIC)).toBeUndefined();
  });
});
