import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '@/lib/messages/protocol';
import type { PaperRow, TopicSummary } from '@/lib/messages/schemas';
import { agenticPaper, momentumFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;
// The newest fixture paper: inside the recent window, and inside a refresh's overlap.
const PAPER = '2609.30000';

async function filled() {
  const bg = createTestBackground(syntheticPapers(END, 84, 3, momentumFixture(T)), NOW);
  await bg.app.installed();
  await bg.app.idle();
  return bg;
}

type Bg = Awaited<ReturnType<typeof filled>>;

async function state(bg: Bg) {
  const page = await bg.call<ResponseOf<'topic.get'>>('topic.get', {
    id: 'agentic-rl',
    offset: 0,
    limit: 100,
  });
  const annotated = await bg.fromContent<{
    results: { tags: { id: string }[] }[];
    topics: Record<string, TopicSummary>;
  }>('papers.annotate', { papers: [{ arxivId: PAPER, title: '', authors: [], categories: [] }] });
  const follows = await bg.call<{ follows: (TopicSummary & { newCount: number })[] }>('follows.list');
  return {
    recent: page.summary.momentum?.recent,
    total: page.total,
    listed: page.papers.some((p: PaperRow) => p.id === PAPER),
    chip: annotated.results[0]!.tags.some((t) => t.id === 'agentic-rl'),
    parentChip: annotated.results[0]!.tags.some((t) => t.id === 'reinforcement-learning'),
    newCount: follows.follows.find((f) => f.id === 'agentic-rl')?.newCount,
  };
}

describe('"Not this topic": a reader corrects a chip', () => {
  it('leaves the paper out of the topic’s counts, lists and chips, keeps it out through refresh and re-tag, and undoes', async () => {
    const bg = await filled();
    await bg.call('topic.follow', { id: 'agentic-rl', follow: true });
    // A new paper after the follow, so the followed topic counts one.
    bg.papers.push(agenticPaper(700, NOW + 60 * 60_000));
    bg.setNow(NOW + 2 * 60 * 60_000);
    await bg.app.alarm('pp-refresh');
    await bg.app.idle();
    const before = await state(bg);
    expect(before).toMatchObject({ recent: 28, listed: true, chip: true, parentChip: true, newCount: 1 });

    const answer = await bg.fromContent<{ notThis: string[] }>('paper.correct', {
      id: PAPER,
      topic: 'agentic-rl',
      notThis: true,
    });
    expect(answer.notThis).toEqual(['agentic-rl']);
    const corrected = await state(bg);
    expect(corrected).toMatchObject({
      recent: 27,
      total: before.total - 1,
      listed: false,
      chip: false,
      // Only the topic the reader took off: its parents stay.
      parentChip: true,
      newCount: 1,
    });

    // A refresh fetches the paper again (it is inside the overlap), a new pack signature re-tags it: still out.
    bg.setNow(NOW + DAY);
    await bg.app.alarm('pp-refresh');
    await bg.app.idle();
    expect(bg.requests.filter((r) => r.includes('submittedDate')).length).toBeGreaterThan(0);
    await bg.call('userTopics.save', { name: 'Zebra', query: 'zebra' });
    await bg.app.idle();
    expect(await state(bg)).toMatchObject({ recent: 27, listed: false, chip: false });
    // A new worker life reads the same.
    await bg.restart();
    await bg.app.idle();
    expect(await state(bg)).toMatchObject({ recent: 27, listed: false, chip: false });
    const listed = await bg.call<ResponseOf<'corrections.list'>>('corrections.list');
    expect(listed.corrections).toEqual([
      expect.objectContaining({ id: PAPER, topics: [{ id: 'agentic-rl', name: 'Agentic RL' }] }),
    ]);

    // Undo: the tagger's verdict is back, counts and all.
    await bg.fromContent('paper.correct', { id: PAPER, topic: 'agentic-rl', notThis: false });
    expect(await state(bg)).toMatchObject({ recent: 28, total: before.total, listed: true, chip: true });
    expect((await bg.call<ResponseOf<'corrections.list'>>('corrections.list')).corrections).toEqual([]);
  });

  it('acts only on the user’s own gesture from a web page', async () => {
    const bg = await filled();
    const reply = await bg.raw(
      { name: 'paper.correct', request: { id: PAPER, topic: 'agentic-rl', notThis: true } },
      { id: 'pp', url: 'https://arxiv.org/abs/2609.30000', tab: { id: 1 } },
    );
    expect(reply).toMatchObject({ ok: false, error: expect.stringMatching(/needs the user’s own click/) });
    expect((await state(bg)).chip).toBe(true);
  });

  it('takes a chip off a paper the index lacks (tagged from the page), and stores it when it arrives', async () => {
    const bg = await filled();
    const ref = {
      arxivId: '2610.99999',
      title: 'Agentic Reinforcement Learning for Tool-Using LLM Agents',
      abstract: 'We train LLM agents with multi-turn agentic RL in interactive environments.',
      authors: [],
      categories: ['cs.LG'],
    };
    type Reply = { results: { tags: { id: string }[] }[] };
    const tags = async () =>
      (await bg.fromContent<Reply>('papers.annotate', { papers: [ref] })).results[0]!.tags.map((t) => t.id);
    expect(await tags()).toContain('agentic-rl');
    await bg.fromContent('paper.correct', { id: ref.arxivId, topic: 'agentic-rl', notThis: true });
    expect(await tags()).not.toContain('agentic-rl');
    // The lookup stores it: its row comes without the topic too.
    bg.papers.push({ ...agenticPaper(800, T - DAY), id: ref.arxivId });
    await bg.fromContent('papers.annotate', { papers: [ref] });
    await bg.app.idle();
    const stored = await bg.fromContent<Reply & { results: { inIndex: boolean }[] }>('papers.annotate', {
      papers: [ref],
    });
    expect(stored.results[0]!.inIndex).toBe(true);
    expect(stored.results[0]!.tags.map((t) => t.id)).toEqual(
      expect.arrayContaining(['reinforcement-learning', 'llm-agents']),
    );
    expect(stored.results[0]!.tags.map((t) => t.id)).not.toContain('agentic-rl');
  });

  it('travels with the backup: exported, imported into another browser, applied to its counts', async () => {
    const bg = await filled();
    await bg.fromContent('paper.correct', { id: PAPER, topic: 'agentic-rl', notThis: true });
    const { file } = await bg.call<{ file: { version: number; corrections: unknown[] } }>('data.export');
    expect(file.version).toBe(4);
    expect(file.corrections).toEqual([{ paperId: PAPER, topics: ['agentic-rl'], at: expect.any(Number) }]);

    const other = await filled();
    expect((await state(other)).recent).toBe(28);
    const preview = await other.call<{ ok: true; changes: string[] }>('data.import', { file, apply: false });
    expect(preview.changes).toContain(`Not Agentic RL for arXiv:${PAPER}`);
    await other.call('data.import', { file, apply: true });
    expect(await state(other)).toMatchObject({ recent: 27, listed: false, chip: false });
    // Importing the same file again changes nothing more.
    const again = await other.call<{ ok: true; changes: string[] }>('data.import', { file, apply: false });
    expect(again.changes.filter((c) => c.startsWith('Not '))).toEqual([]);
  });
});
