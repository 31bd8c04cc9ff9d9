import { describe, expect, it } from 'vitest';
import type { LearnedTopicAnswer } from '@/lib/messages/areas/topics-learn';
import { agenticPaper, cellularAutomataPapers, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const NICHE = cellularAutomataPapers(END);
const growth = NICHE.filter((p) => !p.title.includes('Texture')).map((p) => p.id);
const texture = NICHE.filter((p) => p.title.includes('Texture')).map((p) => p.id);

async function filled() {
  const bg = createTestBackground(syntheticPapers(END, 40, 3, NICHE), NOW);
  await bg.app.installed();
  await bg.app.idle();
  return bg;
}

describe('topics.learn (background, fake arXiv)', () => {
  it('learns a query from example papers of the index and previews what it matches', async () => {
    const bg = await filled();
    const learned = await bg.call<LearnedTopicAnswer>('topics.learn', { examples: growth.slice(0, 3) });
    expect(learned.query).toMatch(/automata/i);
    expect(learned.name.length).toBeGreaterThan(0);
    expect(learned.matchedExamples).toBe(3);
    // Every niche paper matches, none of the background's.
    expect(learned.preview.count).toBeGreaterThanOrEqual(growth.length);
    expect(learned.preview.count).toBeLessThanOrEqual(NICHE.length);
    // The rows are the matches not yet taught: the other niche papers, not the examples.
    const rows = learned.preview.papers.map((p) => p.id);
    expect(rows).toEqual(expect.arrayContaining(growth.slice(3)));
    expect(rows.filter((id) => growth.slice(0, 3).includes(id))).toEqual([]);
    // One example is enough to start from: the query matches it.
    const one = await bg.call<LearnedTopicAnswer>('topics.learn', { examples: [growth[0]] });
    expect(one.matchedExamples).toBe(1);
    const named = await bg.call<LearnedTopicAnswer>('topics.learn', { examples: growth, name: 'Grown NCA' });
    expect(named.name).toBe('Grown NCA');
  });

  it('"not this" re-learns: the marked paper no longer matches, the examples still do', async () => {
    const bg = await filled();
    const first = await bg.call<LearnedTopicAnswer>('topics.learn', { examples: growth.slice(0, 3) });
    expect(first.preview.papers.map((p) => p.id)).toContain(texture[0]);
    const refined = await bg.call<LearnedTopicAnswer>('topics.learn', {
      examples: growth.slice(0, 3),
      notThis: [texture[0]],
    });
    expect(refined.notThis).toEqual([texture[0]]);
    expect(refined.preview.papers.map((p) => p.id)).not.toContain(texture[0]);
    // Not only left out of the rows: fewer papers match.
    expect(refined.preview.count).toBeLessThan(first.preview.count);
    expect(refined.matchedExamples).toBe(3);
    expect(refined.preview.count).toBeGreaterThanOrEqual(growth.length);
  });

  it('names the ids the index lacks, and is for extension pages only', async () => {
    const bg = await filled();
    await expect(
      bg.call('topics.learn', { examples: [growth[0], '2601.99999', '2601.99998'] }),
    ).rejects.toThrow(/Not in your index: 2601\.99999, 2601\.99998/);
    await expect(bg.call('topics.learn', { examples: ['not an id'] })).rejects.toThrow(/Bad request/);
    await expect(bg.fromContent('topics.learn', { examples: growth })).rejects.toThrow();
  });

  it('says when the examples are a pack topic, and whether the learned query only copies it (item 4)', async () => {
    const agentic = Array.from({ length: 6 }, (_, i) => agenticPaper(i, END - i * 3_600_000));
    const bg = createTestBackground(syntheticPapers(END, 40, 3, [...NICHE, ...agentic]), NOW);
    await bg.app.installed();
    await bg.app.idle();
    const learned = await bg.call<LearnedTopicAnswer>('topics.learn', {
      examples: agentic.slice(0, 5).map((p) => p.id),
    });
    // Tagged Agentic RL by the pack; the query learned from them ("trajectories") is not that topic.
    expect(learned.packTopic).toEqual({ id: 'agentic-rl', name: 'Agentic RL', copy: false });
    expect(learned.query).not.toMatch(/^topic:agentic-rl$/);
    // The cellular automata papers are no pack topic.
    const niche = await bg.call<LearnedTopicAnswer>('topics.learn', { examples: growth.slice(0, 3) });
    expect(niche.packTopic).toBeUndefined();
  });
});
