import { describe, expect, it } from 'vitest';
import { extractAnswer, MAX_SENTENCES, PER_PAPER, type SourcePaper } from '@/lib/ask/extractive';

const paper = (id: string, ...sentences: string[]): SourcePaper => ({
  id,
  title: `Paper ${id}`,
  abstract: sentences.join(' '),
});

const papers = [
  paper(
    'a',
    'We study LLM agents trained with reinforcement learning.',
    'Turn-level credit assignment gives each tool call its own advantage.',
    'Results improve on three benchmarks.',
  ),
  paper(
    'b',
    'Agents trained with reinforcement learning face sparse rewards.',
    'A process reward model scores intermediate steps.',
    'Credit assignment over long horizons remains hard for such agents.',
  ),
  paper('c', 'We study reinforcement learning for agents.', 'Curriculum sampling doubles the success rate.'),
];

describe('the extractive answer', () => {
  it('picks the sentences that answer, grouped by paper, each verbatim from its abstract', () => {
    const answer = extractAnswer('How do agents handle credit assignment?', papers);
    expect(answer.answered).toBe(true);
    // b's sentence also names the agents the question asks about: it answers best, and comes first.
    expect(answer.groups).toEqual([
      { paper: 'b', sentences: ['Credit assignment over long horizons remains hard for such agents.'] },
      { paper: 'a', sentences: ['Turn-level credit assignment gives each tool call its own advantage.'] },
    ]);
    for (const group of answer.groups) {
      const source = papers.find((p) => p.id === group.paper)!;
      for (const s of group.sentences) expect(source.abstract).toContain(s);
    }
  });

  it("says the papers don't answer when no sentence holds enough of the question", () => {
    expect(extractAnswer('Does the recipe for baking bread matter?', papers)).toEqual({
      answered: false,
      groups: [],
    });
    expect(extractAnswer('Which methods do people use?', papers).answered).toBe(false);
    expect(extractAnswer('credit assignment', []).answered).toBe(false);
  });

  it('gives at most MAX_SENTENCES, PER_PAPER from one paper', () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      paper(`p${i}`, 'Reward shaping helps.', 'Reward shaping is hard.', 'Reward shaping again.'),
    );
    const answer = extractAnswer('reward shaping', many);
    const count = answer.groups.reduce((n, g) => n + g.sentences.length, 0);
    expect(count).toBe(MAX_SENTENCES);
    for (const g of answer.groups) expect(g.sentences.length).toBeLessThanOrEqual(PER_PAPER);
  });
});
