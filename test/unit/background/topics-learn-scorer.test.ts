import { describe, expect, it } from 'vitest';
import { MIN_HELD_OUT } from '@/lib/discover/learn-topic-scorer';
import type { LearnedTopicAnswer } from '@/lib/messages/areas/topics-learn';
import { cellularAutomataPapers, scorerOnlyPaper, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const GROWTH = cellularAutomataPapers(END, 3, 0);
const ONLY = scorerOnlyPaper(END);

async function filled(perDay: number) {
  const bg = createTestBackground(syntheticPapers(END, 40, perDay, [...GROWTH, ONLY]), NOW);
  await bg.app.installed();
  await bg.app.idle();
  return bg;
}

describe('a learned topic keeps its scorer (issue 37 item 3, background with fake arXiv)', () => {
  it('learns a scorer beside the query, previews which matches only it gives, saves it; chips and topic pages count them', async () => {
    const bg = await filled(22);
    const examples = GROWTH.map((p) => p.id);
    const learned = await bg.call<LearnedTopicAnswer>('topics.learn', { examples });
    expect(learned.scorer).toBeDefined();
    expect(learned.query).toMatch(/automata/i);
    // The query does not reach the paper that never says "cellular automata"; the scorer does.
    expect(learned.preview.papers.map((p) => p.id)).toContain(ONLY.id);
    expect(learned.preview.scorerOnly).toEqual([ONLY.id]);
    expect(learned.matchedExamples).toBe(3);
    const preview = await bg.call<{ matches: number; scorerOnly: string[] }>('userTopics.preview', {
      query: learned.query,
      scorer: learned.scorer,
    });
    expect(preview).toMatchObject({ matches: learned.preview.count, scorerOnly: [ONLY.id] });
    const queryAlone = await bg.call<{ matches: number; scorerOnly: string[] }>('userTopics.preview', {
      query: learned.query,
    });
    expect(queryAlone.matches).toBe(learned.preview.count - 1);

    const saved = await bg.call<{ ok: true; id: string }>('userTopics.save', {
      name: 'Growing automata',
      query: learned.query,
      scorer: learned.scorer,
    });
    await bg.app.idle();
    // The chip: the stored paper is re-tagged with the topic (its scorer's match).
    const annotated = await bg.fromContent<{ results: { tags: { id: string }[] }[] }>('papers.annotate', {
      papers: [{ arxivId: ONLY.id, title: ONLY.title, authors: [], categories: [] }],
    });
    expect(annotated.results[0]!.tags.map((t) => t.id)).toContain(saved.id);
    const page = await bg.call<{ total: number; papers: { id: string }[] }>('topic.get', { id: saved.id });
    expect(page.total).toBe(4);
    expect(page.papers.map((p) => p.id)).toContain(ONLY.id);

    // Editing the query (no scorer sent) keeps the scorer; null drops it.
    await bg.call('userTopics.save', { id: saved.id, name: 'Growing automata', query: learned.query });
    await bg.app.idle();
    expect((await bg.call<{ total: number }>('topic.get', { id: saved.id })).total).toBe(4);
    await bg.call('userTopics.save', {
      id: saved.id,
      name: 'Growing automata',
      query: learned.query,
      scorer: null,
    });
    await bg.app.idle();
    expect((await bg.call<{ total: number }>('topic.get', { id: saved.id })).total).toBe(3);
  });

  it('learns no scorer from an index too small to place its thresholds (the query alone then)', async () => {
    const bg = await filled(3);
    const learned = await bg.call<LearnedTopicAnswer>('topics.learn', { examples: GROWTH.map((p) => p.id) });
    // 3 a day for 40 days and 4 niche papers: half of them held out is fewer than MIN_HELD_OUT.
    expect((40 * 3 + 4) / 2).toBeLessThan(MIN_HELD_OUT);
    expect(learned.scorer).toBeUndefined();
    expect(learned.preview.scorerOnly).toEqual([]);
    expect(learned.preview.papers.map((p) => p.id)).not.toContain(ONLY.id);
  });

  it('re-learning after a mark starts from the scorer shown (sent with the mark), unless it is stale', async () => {
    const bg = await filled(22);
    const examples = GROWTH.map((p) => p.id);
    const first = await bg.call<LearnedTopicAnswer>('topics.learn', { examples });
    const mark = { examples, notThis: [ONLY.id] };
    const afresh = await bg.call<LearnedTopicAnswer>('topics.learn', mark);
    const near = await bg.call<LearnedTopicAnswer>('topics.learn', { ...mark, shown: first.scorer });
    expect(near.scorer).toBeDefined();
    expect(near.scorer).not.toEqual(afresh.scorer);
    // Held near the shown scorer: its weights move less than learning afresh moves them.
    const drift = (s: LearnedTopicAnswer) => {
      const [a, b] = [new Map(first.scorer!.weights), new Map(s.scorer!.weights)];
      const features = new Set([...a.keys(), ...b.keys()]);
      return Math.sqrt([...features].reduce((sum, f) => sum + ((a.get(f) ?? 0) - (b.get(f) ?? 0)) ** 2, 0));
    };
    expect(drift(near)).toBeLessThan(drift(afresh));
    // A scorer learned over words split another way is not started from.
    const stale = { ...first.scorer!, tokenizer: (first.scorer!.tokenizer ?? 0) + 1 };
    const fromStale = await bg.call<LearnedTopicAnswer>('topics.learn', { ...mark, shown: stale });
    expect(fromStale.scorer).toEqual(afresh.scorer);
  });
});
