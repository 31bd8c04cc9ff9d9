import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEmerging, EMERGING_KEPT } from '@/lib/background/emerging';
import type { DiscoverPaper } from '@/lib/discover/acronym-aliases';
import { firstAnswerWeek, weekEnd, weekOf, weekStart } from '@/lib/discover/weekly';
import { reindex } from '@/lib/ingest/reindex';
import type { Paper } from '@/lib/paper';
import { emergingAnswer } from '@/lib/store/emerging';
import { openIndexDb } from '@/lib/store/open';
import { writePapers } from '@/lib/store/paper-writes';
import { withTopicKeys } from '@/lib/store/papers';
import type { IndexDb, StoredPaper } from '@/lib/store/schema';
import { TOKENIZER_VERSION } from '@/lib/text/words';
import { steadyPapers, zebraPaper } from '../helpers/discover/emerging-corpus';
import { expectEmergingKept } from '../ingest/emerging-invariants';

const DAY = 86_400_000;
const LAST = weekOf(Date.UTC(2026, 2, 31));
const T = weekEnd(LAST);

const topicsOf = (id: string) => (id.startsWith('z') ? ['efficient-attention', 'cs.CL'] : ['cs.LG']);

function stored(p: DiscoverPaper, tracked = true): StoredPaper {
  return {
    id: p.id,
    title: p.title,
    abstract: p.abstract,
    authors: ['A. Author'],
    authorCount: 1,
    categories: [...p.categories],
    primary: p.categories[0] ?? 'cs.LG',
    published: p.date,
    updated: p.date,
    topics: topicsOf(p.id),
    tracked,
    topicKeys: [],
  };
}

async function filledDb(): Promise<IndexDb> {
  const db = await openIndexDb(`pp-emerging-${Math.random()}`);
  const papers = [...steadyPapers(T), ...Array.from({ length: 9 }, (_, i) => zebraPaper(T, i))];
  const tx = db.transaction('papers', 'readwrite');
  for (const p of papers) void tx.store.put(stored(p));
  await tx.done;
  return db;
}

function emergingOf(db: IndexDb, historyStart: number | null = 0) {
  return createEmerging({
    db: async () => db,
    isFineTopic: (id) => !id.startsWith('cs.'),
    historyStart: async () => historyStart ?? undefined,
  });
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('emerging phrases in the background', () => {
  it('answers from the index: the new name, rising inside the topic its papers carry, with its weeks', async () => {
    const db = await filledDb();
    const answer = await emergingOf(db).answer();
    expect(answer?.lastWeek).toBe(LAST);
    expect(answer!.phrases.length).toBeLessThanOrEqual(EMERGING_KEPT);
    const zsa = answer!.phrases.find((e) => e.key === 'zsa');
    expect(zsa).toMatchObject({ recent: 9, previous: 0, change: null, coveredBy: ['efficient-attention'] });
    expect(zsa!.papers[0]).toBe('z0');
    expect(zsa!.weekly).toHaveLength(16);
    expect(zsa!.weekly.slice(0, 12).every((n) => n === 0)).toBe(true);
    expect(zsa!.weekly.reduce((a, b) => a + b, 0)).toBe(9);
    expect(answer!.phrases.some((e) => /protein|grasping|tax/.test(e.phrase))).toBe(false);
  });

  it('keeps one count per baseline week and the answer, and reads them on the next open', async () => {
    const db = await filledDb();
    const first = await emergingOf(db).answer();
    const weeks = await db.getAllKeys('emergingWeeks');
    expect(weeks).toEqual(Array.from({ length: 12 }, (_, i) => firstAnswerWeek(LAST) + i));
    expect(await emergingAnswer.read(db)).toEqual(first);
    // A fresh worker (a new instance) answers from what is kept: the same answer, no week counted again.
    await db.put('emergingWeeks', { ...(await db.get('emergingWeeks', weeks[0]!))!, papers: 999 });
    expect(await emergingOf(db).answer()).toEqual(first);
    expect((await db.get('emergingWeeks', weeks[0]!))?.papers).toBe(999);
  });

  it('counts again the answer and the weeks kept with another tokenizer, and only those', async () => {
    const db = await filledDb();
    const first = await emergingOf(db).answer();
    expect(first?.tokenizer).toBe(TOKENIZER_VERSION);
    const [w0, w1] = [firstAnswerWeek(LAST), firstAnswerWeek(LAST) + 1];
    const kept = (week: number) => db.get('emergingWeeks', week).then((r) => r!);
    // Week w0 counted by another splitting of words, w1 by this one (its papers marked to see it is read).
    const counted = await kept(w0);
    await db.put('emergingWeeks', { ...counted, tokenizer: TOKENIZER_VERSION + 1, papers: 999 });
    await db.put('emergingWeeks', { ...(await kept(w1)), papers: 999 });
    // The answer was kept by another build too: it reads as none, and is counted again.
    const record = (await db.get('meta', emergingAnswer.key))!;
    await db.put('meta', { ...record, value: { ...first, tokenizer: TOKENIZER_VERSION + 1 } });
    expect(await emergingAnswer.read(db)).toBeUndefined();
    const again = await emergingOf(db).answer();
    expect(again?.tokenizer).toBe(TOKENIZER_VERSION);
    expect(await emergingAnswer.read(db)).toEqual(again);
    expect(await kept(w0)).toEqual(counted);
    expect((await kept(w1)).papers).toBe(999);
  });

  it('counts again only the week a new paper was written into', async () => {
    const db = await filledDb();
    const emerging = emergingOf(db);
    await emerging.answer();
    const [w0, w1] = [firstAnswerWeek(LAST), firstAnswerWeek(LAST) + 1];
    await db.put('emergingWeeks', { ...(await db.get('emergingWeeks', w1))!, papers: 999 });
    const before = (await db.get('emergingWeeks', w0))!;
    await db.put(
      'papers',
      stored({
        id: 'late',
        title: 'Graph mining',
        abstract: '',
        categories: ['cs.AI'],
        date: weekStart(w0) + 1,
      }),
    );
    await emerging.answer();
    const after = (await db.get('emergingWeeks', w0))!;
    expect(after.stored).toBe(before.stored + 1);
    expect(after.papers).toBe(before.papers + 1);
    expect((await db.get('emergingWeeks', w1))?.papers).toBe(999);
  });

  it('drops the counts of weeks no answer reads any more', async () => {
    const db = await filledDb();
    const old = firstAnswerWeek(LAST) - 1;
    await db.put('emergingWeeks', {
      week: old,
      tokenizer: TOKENIZER_VERSION,
      stored: 0,
      tracked: 0,
      papers: 0,
      phrases: {},
      once: new Uint8Array(1),
      definitions: {},
      defining: {},
    });
    await emergingOf(db).answer();
    expect(await db.get('emergingWeeks', old)).toBeUndefined();
    expect(await db.count('emergingWeeks')).toBe(12);
  });

  it('shows the kept answer at once, and brings it up to date behind it for the next open', async () => {
    const db = await filledDb();
    const emerging = emergingOf(db);
    const first = await emerging.shown();
    expect(first?.phrases.length).toBeGreaterThan(0);
    await db.put('papers', stored({ ...zebraPaper(T, 0), id: 'z-late', date: T - 100 }));
    expect(await emerging.shown()).toEqual(first);
    await expect.poll(async () => (await emergingAnswer.read(db))?.stored).toBe(first!.stored + 1);
    expect((await emerging.shown())?.phrases.find((e) => e.key === 'zsa')?.recent).toBe(10);
  });

  it('counts no week before the index history, and answers nothing on too short a history', async () => {
    const db = await filledDb();
    // The index holds papers from Wednesday of the answer's fifth week on (a 12-week history window).
    const fifth = firstAnswerWeek(LAST) + 4;
    const answer = await emergingOf(db, weekStart(fifth) + 2 * DAY).answer();
    expect(answer?.firstWeek).toBe(fifth + 1);
    expect(await db.getAllKeys('emergingWeeks')).toEqual(Array.from({ length: 7 }, (_, i) => fifth + 1 + i));
    const zsa = answer!.phrases.find((e) => e.key === 'zsa')!;
    expect(zsa.weekly).toHaveLength(11);
    expect(zsa.weekly.slice(-4).reduce((a, b) => a + b, 0)).toBe(9);
    // A Monday is a whole week.
    expect((await emergingOf(db, weekStart(fifth)).answer())?.firstWeek).toBe(fifth);
    // Two baseline weeks (a history shortened to six weeks): no answer, and the kept one is dropped.
    expect(await emergingOf(db, weekStart(LAST - 5)).answer()).toBeUndefined();
    expect(await emergingAnswer.read(db)).toBeUndefined();
    expect(await emergingOf(db, null).answer()).toBeUndefined();
  });

  it('answers nothing from an empty index', async () => {
    expect(await emergingOf(await openIndexDb('pp-empty')).answer()).toBeUndefined();
  });

  it('counts papers outside the tracked categories out', async () => {
    const db = await filledDb();
    const emerging = emergingOf(db);
    await emerging.answer();
    const w0 = firstAnswerWeek(LAST);
    const before = (await db.get('emergingWeeks', w0))!;
    const untracked = {
      id: 'u',
      title: 'Graph mining',
      abstract: '',
      categories: ['math.CO'],
      date: weekStart(w0) + 1,
    };
    await db.put('papers', stored(untracked, false));
    await emerging.answer();
    const after = (await db.get('emergingWeeks', w0))!;
    expect([after.stored, after.papers]).toEqual([before.stored + 1, before.papers]);
  });

  it('forgets the papers of a category untracked, though the index holds as many papers as before', async () => {
    // Written as the ingestor writes (daily counts kept), then re-tagged as untracking cs.CL does.
    const db = await openIndexDb(`pp-untrack-${Math.random()}`);
    const papers = [...steadyPapers(T), ...Array.from({ length: 9 }, (_, i) => zebraPaper(T, i))];
    await writePapers(
      db,
      papers.map((p) => withTopicKeys(stored(p))),
    );
    const emerging = emergingOf(db);
    expect((await emerging.answer())?.phrases.some((e) => e.key === 'zsa')).toBe(true);
    const withoutCl = (paper: Paper) =>
      withTopicKeys({ ...paper, topics: topicsOf(paper.id), tracked: !paper.categories.includes('cs.CL') });
    await reindex(db, 'cs.CL untracked', withoutCl, () => undefined);
    // Every ZSA paper is in cs.CL: no longer tracked, no longer emerging; nor counted in the baseline.
    expect((await emerging.answer())?.phrases.some((e) => e.key === 'zsa')).toBe(false);
    await expectEmergingKept(db, (id) => !id.startsWith('cs.'));
  });

  it('runs one count at a time', async () => {
    const db = await filledDb();
    const emerging = emergingOf(db);
    const [a, b] = [emerging.answer(), emerging.answer()];
    expect(a).toBe(b);
    await a;
  });
});
