import { describe, expect, it } from 'vitest';
import type { PaperRow } from '@/lib/messages/schemas';
import { agenticPaper, momentumFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;

type Answer = {
  papers: (PaperRow & { score: number })[];
  total: number;
  topics: { id: string; name: string; count: number }[];
  searched: number;
};

async function filled() {
  const bg = createTestBackground(syntheticPapers(END, 84, 3, momentumFixture(T)), NOW);
  await bg.app.installed();
  await bg.app.idle();
  return bg;
}

describe('search over the whole index', () => {
  it('finds papers by title, abstract and author, ranked, with topic facets and filters', async () => {
    const bg = await filled();
    const search = (request: object) => bg.call<Answer>('search.papers', request);

    const agentic = await search({ query: 'agentic reinforcement', limit: 5 });
    expect(agentic.total).toBe(35);
    expect(agentic.searched).toBe(bg.papers.length);
    expect(agentic.papers).toHaveLength(5);
    expect(agentic.papers.every((p) => p.title.startsWith('Agentic Reinforcement Learning'))).toBe(true);
    expect(agentic.topics[0]).toMatchObject({ id: expect.any(String), count: 35 });
    expect(agentic.topics.map((t) => t.id)).toContain('agentic-rl');
    expect(agentic.papers[0]!.topics.map((t) => t.id)).toContain('agentic-rl');

    // Words of the abstract only; an author's name; a prefix while typing.
    expect((await search({ query: 'outcome rewards trajectories' })).total).toBe(35);
    expect((await search({ query: 'Lovelace' })).total).toBe(35);
    const author = await search({ query: 'Author 7' });
    expect(author.papers[0]!.authors).toEqual(['Author 7']);
    expect((await search({ query: 'hierarch' })).total).toBeGreaterThan(0);

    // Date filter: the 28 recent agentic papers are in (T-28d, T].
    expect((await search({ query: 'agentic', from: T - 28 * DAY + 1, to: T })).total).toBe(28);
    // Topic filter: narrows the matches, facets still count all of them.
    const estimation = await search({ query: 'estimation' });
    const cl = await search({ query: 'estimation', topic: 'cs.CL' });
    expect(cl.total).toBeGreaterThan(0);
    expect(cl.total).toBeLessThan(estimation.total);
    expect(cl.papers.every((p) => p.categories.includes('cs.CL'))).toBe(true);
    expect(cl.topics).toEqual(estimation.topics);

    // Paging.
    const second = await search({ query: 'agentic reinforcement', offset: 5, limit: 5 });
    expect(second.papers.map((p) => p.id)).not.toContain(agentic.papers[0]!.id);
    await expect(bg.fromContent('search.papers', { query: 'x' })).rejects.toThrow(/own pages/);
  });

  it('keeps the index current as papers arrive, without rebuilding it, and empties it on reset', async () => {
    const bg = await filled();
    expect((await bg.call<Answer>('search.papers', { query: 'agentic' })).total).toBe(35);
    bg.papers.push({ ...agenticPaper(700, NOW + 60_000), title: 'Zebrafish agentic planning' });
    bg.setNow(NOW + DAY);
    await bg.app.alarm('pp-refresh');
    await bg.app.idle();
    const fresh = await bg.call<Answer>('search.papers', { query: 'zebrafish' });
    expect(fresh.papers.map((p) => p.id)).toEqual(['2609.30700']);
    bg.setArxivDown(true);
    await bg.call('index.reset');
    expect(await bg.call<Answer>('search.papers', { query: 'agentic' })).toMatchObject({
      total: 0,
      searched: 0,
    });
  });
});

describe('mutes list', () => {
  it('names the muted topics, and forgets an unmuted one', async () => {
    const bg = await filled();
    await bg.call('topic.mute', { id: 'cs.CL', mute: true });
    await bg.call('topic.mute', { id: 'agentic-rl', mute: true });
    const list = async () =>
      (await bg.call<{ topics: { id: string; name: string; muted: boolean }[] }>('mutes.list')).topics;
    expect((await list()).map((t) => [t.id, t.muted])).toEqual([
      ['agentic-rl', true],
      ['cs.CL', true],
    ]);
    await bg.call('topic.mute', { id: 'agentic-rl', mute: false });
    expect((await list()).map((t) => t.id)).toEqual(['cs.CL']);
    const tree = await bg.call<{ topics: { id: string; parents: string[] }[]; all: number[] }>('topics.tree');
    expect(tree.topics.find((t) => t.id === 'agentic-rl')!.parents).toContain('reinforcement-learning');
    expect(tree.all).toHaveLength(12);
  });
});

describe('follow an author', () => {
  it('makes one au: topic named after the author, follows it, and counts their papers', async () => {
    const bg = await filled();
    // A search first, so the search index is built before the re-tag that the new topic brings.
    expect((await bg.call<{ total: number }>('search.papers', { query: 'agentic' })).total).toBe(35);
    const topic = await bg.call<{ id: string; name: string; followed: boolean; kind: string }>(
      'author.follow',
      {
        name: '  Ada   Lovelace ',
      },
    );
    expect(topic).toMatchObject({
      id: 'user-ada-lovelace',
      name: 'Ada Lovelace',
      followed: true,
      kind: 'user',
    });
    const again = await bg.call<{ id: string }>('author.follow', { name: 'Ada Lovelace' });
    expect(again.id).toBe('user-ada-lovelace');
    const list = await bg.call<{ topics: { id: string; query: string }[] }>('userTopics.list');
    expect(list.topics).toEqual([
      { id: 'user-ada-lovelace', name: 'Ada Lovelace', query: 'au:"Ada Lovelace"' },
    ]);
    await bg.app.idle(); // the index is re-tagged with the new topic
    const page = await bg.call<{ total: number }>('topic.get', { id: 'user-ada-lovelace' });
    expect(page.total).toBe(35);
    const byAuthor = await bg.call<{ total: number }>('search.papers', {
      query: 'agentic',
      topic: 'user-ada-lovelace',
    });
    expect(byAuthor.total).toBe(35);
    await expect(bg.fromContent('author.follow', { name: 'Ada Lovelace' })).rejects.toThrow(/own pages/);
  });
});

describe('longer view', () => {
  it('counts a topic over 26 or 52 weeks ending with the data, momentum unchanged', async () => {
    const bg = await filled();
    const long = await bg.call<{ weeks: { count: number }[]; historyWeeks: number }>('topic.weekly', {
      id: 'agentic-rl',
      weeks: 52,
    });
    expect(long.weeks).toHaveLength(52);
    expect(long.weeks.reduce((a, w) => a + w.count, 0)).toBe(35);
    expect(long.historyWeeks).toBe(12);
    const short = await bg.call<{ weeks: { count: number }[] }>('topic.weekly', {
      id: 'agentic-rl',
      weeks: 12,
    });
    const summary = await bg.call<{ summary: { weekly: number[] } }>('topic.get', { id: 'agentic-rl' });
    expect(short.weeks.map((w) => w.count)).toEqual(summary.summary.weekly);
    await expect(bg.call('topic.weekly', { id: 'agentic-rl', weeks: 30 })).rejects.toThrow(/Bad request/);
  });
});
