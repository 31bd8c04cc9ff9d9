import { describe, expect, it } from 'vitest';
import { placeCard } from '@/components/inpage/card-position';
import { orderChips } from '@/components/inpage/chip-row';
import { ANNOTATE_CHUNK, annotateInChunks } from '@/lib/content/annotate-papers';
import { forEachSliced } from '@/lib/content/slice-work';
import { createTopicStore } from '@/lib/content/topic-store';
import { errorText, type Send } from '@/lib/messages/client';
import type { PaperRef } from '@/lib/paper';
import { fakeBackground } from '../helpers/inpage/fake-background';
import { FILLING_INDEX, READY_INDEX, topic } from '../helpers/inpage/make-topic';

const ref = (i: number): PaperRef => ({
  arxivId: `2606.${30000 + i}`,
  title: `Paper ${i}`,
  authors: [],
  categories: ['cs.AI'],
});

describe('annotateInChunks', () => {
  const refs = (n: number) => Array.from({ length: n }, (_, i) => ref(i));
  const sizes = (calls: { request: unknown }[]) =>
    calls.map((c) => (c.request as { papers: unknown[] }).papers.length);

  it('cuts a page into chunks in order, each answer lined up with its own papers', async () => {
    const { send, calls } = fakeBackground();
    const chunks = annotateInChunks(send, refs(ANNOTATE_CHUNK * 2 + 10));
    expect(chunks.map((c) => c.start)).toEqual([0, ANNOTATE_CHUNK, ANNOTATE_CHUNK * 2]);
    const answers = await Promise.all(chunks.map((c) => c.answer));
    expect(sizes(calls)).toEqual([ANNOTATE_CHUNK, ANNOTATE_CHUNK, 10]);
    expect(answers.map((a) => a.results.length)).toEqual([ANNOTATE_CHUNK, ANNOTATE_CHUNK, 10]);
    const firstOfLast = (calls[2]!.request as { papers: PaperRef[] }).papers[0]!;
    expect(firstOfLast.arxivId).toBe(ref(ANNOTATE_CHUNK * 2).arxivId);
    expect(annotateInChunks(send, [])).toEqual([]);
  });

  it('keeps at most `parallel` requests in flight, and sends nothing more once stopped', async () => {
    let inFlight = 0;
    let most = 0;
    let stop = false;
    const { send: answer } = fakeBackground();
    const send = (async (name: never, request: never) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return answer(name, request);
    }) as unknown as Send;
    const chunks = annotateInChunks(send, refs(50), { size: 10, parallel: 2, shouldStop: () => stop });
    await chunks[1]!.answer;
    stop = true;
    const settled = await Promise.allSettled(chunks.map((c) => c.answer));
    expect(most).toBe(2);
    expect(settled.filter((s) => s.status === 'rejected').length).toBeGreaterThan(0);
    expect(settled.at(-1)!.status).toBe('rejected');
  });

  it('sends a smaller first chunk (the rows in view), and each request in a task of its own', async () => {
    const { send, calls } = fakeBackground();
    const sentAtPause: number[] = [];
    const chunks = annotateInChunks(send, refs(ANNOTATE_CHUNK + 30), {
      first: 30,
      pause: async () => void sentAtPause.push(calls.length),
    });
    expect(chunks.map((c) => c.start)).toEqual([0, 30]);
    const answers = await Promise.all(chunks.map((c) => c.answer));
    expect(sizes(calls)).toEqual([30, ANNOTATE_CHUNK]);
    expect(answers.map((a) => a.results.length)).toEqual([30, ANNOTATE_CHUNK]);
    // One pause between the two sends, taken once the first had gone out and before the second.
    expect(sentAtPause).toEqual([1]);
  });

  it('refuses an answer that does not line up with the request, without stopping the next chunk', async () => {
    let n = 0;
    const send = (async (_name: never, request: { papers: PaperRef[] }) => ({
      results:
        n++ === 0
          ? []
          : request.papers.map(() => ({ tags: [], inIndex: true, tracked: true, categories: [] })),
      topics: {},
      index: READY_INDEX,
    })) as never;
    const [first, second] = annotateInChunks(send, refs(2), { size: 1 });
    await expect(first!.answer).rejects.toThrow('answered 0 papers for 1');
    expect((await second!.answer).results).toHaveLength(1);
  });
});

describe('forEachSliced', () => {
  it('yields whenever a slice uses its budget, and stops when told', async () => {
    let clock = 0;
    let yields = 0;
    const seen: number[] = [];
    const done = await forEachSliced(
      [1, 2, 3, 4, 5, 6],
      (n) => {
        seen.push(n);
        clock += 4;
      },
      { budgetMs: 8, now: () => clock, yieldFn: async () => void yields++ },
    );
    expect(done).toBe(true);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(yields).toBe(2);
    const partial: number[] = [];
    const stopped = await forEachSliced([1, 2, 3], (n) => partial.push(n), {
      shouldStop: () => partial.length >= 2,
    });
    expect(stopped).toBe(false);
    expect(partial).toEqual([1, 2]);
  });
});

describe('placeCard', () => {
  const viewport = { width: 1000, height: 800 };
  const card = { width: 340, height: 300 };
  it('goes below the chip when it fits, above when only that fits, and stays on screen', () => {
    expect(placeCard({ top: 100, left: 50, width: 80, height: 22 }, card, viewport)).toEqual({
      top: 126,
      left: 50,
    });
    expect(placeCard({ top: 700, left: 50, width: 80, height: 22 }, card, viewport)).toEqual({
      top: 396,
      left: 50,
    });
    expect(placeCard({ top: 100, left: 950, width: 80, height: 22 }, card, viewport).left).toBe(652);
    const tiny = placeCard({ top: 100, left: 0, width: 80, height: 22 }, card, { width: 300, height: 200 });
    expect(tiny).toEqual({ top: 8, left: 8 });
  });
});

describe('orderChips', () => {
  it('puts fine and user topics first by score, categories after in their order, once each', () => {
    const topics = new Map([
      ['cs.LG', topic('cs.LG', { kind: 'category' })],
      ['cs.AI', topic('cs.AI', { kind: 'category' })],
      ['a', topic('a')],
      ['u', topic('u', { kind: 'user' })],
    ]);
    const tags = [
      { id: 'cs.LG', score: 10, evidence: [] },
      { id: 'a', score: 1, evidence: [] },
      { id: 'cs.AI', score: 10, evidence: [] },
      { id: 'u', score: 3, evidence: [] },
      { id: 'a', score: 1, evidence: [] },
    ];
    expect(orderChips(tags, (id) => topics.get(id)).chips.map((c) => c.topic.id)).toEqual([
      'u',
      'a',
      'cs.LG',
      'cs.AI',
    ]);
  });

  it("shows the four strongest fine topics and any followed or user topic, the others behind '+N', and never the listing's own category", () => {
    const ids = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8'];
    const topics = new Map<string, ReturnType<typeof topic>>(ids.map((id) => [id, topic(id)]));
    topics.set('cs.AI', topic('cs.AI', { kind: 'category' }));
    topics.set('cs.CL', topic('cs.CL', { kind: 'category' }));
    const tags = [
      { id: 'cs.AI', score: 10 },
      { id: 'cs.CL', score: 10 },
      ...ids.map((id, i) => ({ id, score: 8 - i })),
    ];
    const order = (of: Map<string, ReturnType<typeof topic>>) => {
      const { chips, visible } = orderChips(tags, (id) => of.get(id), 'cs.AI');
      const ids = chips.map((c) => c.topic.id);
      return { shown: ids.slice(0, visible), behindMore: ids.slice(visible) };
    };
    expect(order(topics)).toEqual({
      shown: ['f1', 'f2', 'f3', 'f4', 'cs.CL'],
      behindMore: ['f5', 'f6', 'f7', 'f8'],
    });
    // The seventh strongest is followed, the eighth is the user's own: both still show, in score order.
    const mine = new Map(topics);
    mine.set('f7', topic('f7', { followed: true }));
    mine.set('f8', topic('f8', { kind: 'user' }));
    expect(order(mine)).toEqual({
      shown: ['f1', 'f2', 'f3', 'f4', 'f7', 'f8', 'cs.CL'],
      behindMore: ['f5', 'f6'],
    });
  });
});

describe('topic store', () => {
  it('tells listeners which topics changed, and everyone when the index state changes', () => {
    const store = createTopicStore();
    const heard: unknown[] = [];
    store.subscribe((change) => heard.push(change === 'all' ? 'all' : [...change]));
    store.merge({ a: topic('a') }, READY_INDEX);
    store.merge({ b: topic('b') }, READY_INDEX);
    store.put(topic('a', { followed: true }));
    store.setIndex(FILLING_INDEX);
    store.setIndex(FILLING_INDEX);
    expect(heard).toEqual(['all', ['b'], ['a'], 'all']);
    expect(store.topic('a')!.followed).toBe(true);
  });
});

describe('errorText', () => {
  it('keeps the first line, bounded', () => {
    expect(errorText(new Error('Bad\nstack'), 120)).toBe('Bad');
    expect(errorText(new Error('Bad\nstack'))).toBe('Bad\nstack');
    expect(errorText('x'.repeat(500), 120)).toHaveLength(120);
    expect(errorText(undefined, 120)).toBe('undefined');
  });
});
