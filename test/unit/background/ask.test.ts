import { describe, expect, it } from 'vitest';
import type { ExactAnswerWire } from '@/lib/ask/ask-schemas';
import { type AskTruth, askFixture, syntheticPapers } from '../../e2e/fake-arxiv';
import { createTestBackground } from './app-harness';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 9, 15, 12);
const END = NOW - 60 * 60_000;
const T = (Math.floor(END / DAY) - 1) * DAY + DAY - 1;

type Topic = {
  total: number;
  papers: { id: string; authors: string[]; published: number; topics: { id: string }[] }[];
};

/** key -> ids, counted with plain loops over what the fixture put in each paper. */
function recount(
  ids: readonly string[],
  keysOf: (id: string) => readonly string[],
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const id of ids) for (const key of keysOf(id)) out.set(key, (out.get(key) ?? new Set()).add(id));
  return out;
}

function asCounts(answer: ExactAnswerWire, section = 0, key: (label: string) => string = (l) => l) {
  return new Map(answer.sections[section]!.items.map((i) => [key(i.label), new Set(i.papers)]));
}

describe('topic.askExact over a filled index', () => {
  it('answers every exact kind with the counts of an independent recount', async () => {
    const { papers, truth } = askFixture(T);
    const bg = createTestBackground(syntheticPapers(END, 84, 3, papers), NOW);
    await bg.app.installed();
    await bg.app.idle();
    const topic = await bg.call<Topic>('topic.get', { id: 'agentic-rl', limit: 100 });
    const ids = topic.papers.map((p) => p.id);
    expect(ids.length).toBe(topic.total);
    expect(new Set(ids)).toEqual(new Set(truth.keys()));
    const of = (id: string): AskTruth => truth.get(id)!;
    const ask = (kind: string, other?: string) =>
      bg.call<ExactAnswerWire>('topic.askExact', { id: 'agentic-rl', kind, other });

    const authors = await ask('authors');
    const byAuthor = recount(ids, (id) => topic.papers.find((p) => p.id === id)!.authors);
    expect(authors.counted).toBe(40);
    expect(authors.sections[0]!.items.map((i) => i.count)).toEqual(
      [...byAuthor.values()]
        .map((s) => s.size)
        .sort((a, b) => b - a)
        .slice(0, 12),
    );
    for (const [label, papersOf] of asCounts(authors)) expect(papersOf).toEqual(byAuthor.get(label));

    expect(asCounts(await ask('methods'), 0, (l) => l.split(' (')[0]!)).toEqual(
      recount(ids, (id) => of(id).methods),
    );
    expect(asCounts(await ask('benchmarks'))).toEqual(recount(ids, (id) => of(id).benchmarks));

    const recent = ids.filter((id) => {
      const t = topic.papers.find((p) => p.id === id)!.published;
      return t > T - 28 * DAY && t <= T;
    });
    const fresh = await ask('new');
    expect(fresh.asOf).toBe(T);
    expect(fresh.sections[0]!.items[0]!.count).toBe(recent.length);
    expect(new Set(fresh.sections[0]!.items[0]!.papers)).toEqual(new Set(recent));
    expect(fresh.sections[0]!.items[0]!.previous).toBe(40 - recent.length);

    const shared = topic.papers.find((p) =>
      p.topics.some((t) => t.id !== 'agentic-rl' && !t.id.startsWith('cs.')),
    );
    const other = shared!.topics.find((t) => t.id !== 'agentic-rl' && !t.id.startsWith('cs.'))!.id;
    const relate = await ask('relate', other);
    const both = topic.papers.filter((p) => p.topics.some((t) => t.id === other)).map((p) => p.id);
    expect(relate.sections[0]!.items[0]!.count).toBe(both.length);
    expect(new Set(relate.sections[0]!.items[0]!.papers)).toEqual(new Set(both));
    await expect(ask('relate', 'no such topic at all zzz')).rejects.toThrow(/No other topic/);

    // Every paper an item names comes with its title, one click away.
    const named = new Set(fresh.sections.flatMap((s) => s.items.flatMap((i) => i.papers)));
    expect(new Set(fresh.papers.map((p) => p.id))).toEqual(named);
  });
});
