import { describe, expect, it } from 'vitest';
import { questionKind } from '@/lib/ask/answer-cues';
import {
  ANSWERS,
  extractAnswer,
  MAX_SENTENCES,
  PER_PAPER,
  type SourcePaper,
  scoreSentences,
} from '@/lib/ask/extractive';

const paper = (id: string, ...sentences: string[]): SourcePaper => ({
  id,
  title: `Paper ${id}`,
  abstract: sentences.join(' '),
});

const papers = [
  paper(
    'a',
    'Large language model agents have recently shown strong results on long tasks.',
    'However, credit assignment over long horizons remains a challenge for such agents.',
    'We assign turn-level credit by redistributing the final reward over tool calls with a learned progress estimator.',
    'Results improve on three benchmarks.',
  ),
  paper(
    'b',
    'Agents trained with reinforcement learning face sparse rewards.',
    'A process reward model scores intermediate steps, which gives each turn its own advantage for credit assignment.',
  ),
  paper('c', 'We study reinforcement learning for agents.', 'Curriculum sampling doubles the success rate.'),
];

const quoted = (answer: ReturnType<typeof extractAnswer>) => answer.groups.flatMap((g) => g.sentences);

describe('the extractive answer', () => {
  it('picks the sentences that say how, not the ones that restate the question as a problem', () => {
    const answer = extractAnswer('How do agents handle credit assignment over long horizons?', papers);
    expect(answer.answered).toBe(true);
    expect(quoted(answer)).toContain(
      'We assign turn-level credit by redistributing the final reward over tool calls with a learned progress estimator.',
    );
    expect(quoted(answer)).not.toContain(
      'However, credit assignment over long horizons remains a challenge for such agents.',
    );
    for (const group of answer.groups) {
      const source = papers.find((p) => p.id === group.paper)!;
      for (const s of group.sentences) expect(source.abstract).toContain(s);
    }
  });

  it('scores a sentence restating the question below one answering it', () => {
    const restating = paper(
      'r',
      'Speculative decoding uses a draft model.',
      'How the draft model is trained matters for speculative decoding.',
      'We train the draft model by distilling the target model on its own generations, which raises acceptance by 20%.',
    );
    const scores = scoreSentences('How is the draft model trained for speculative decoding?', [restating]);
    expect(scores[2]!.score).toBeGreaterThan(scores[1]!.score);
    expect(
      quoted(extractAnswer('How is the draft model trained for speculative decoding?', [restating])),
    ).toEqual([restating.abstract.slice(restating.abstract.indexOf('We train'))]);
  });

  it('prefers sentences that name things when the question asks which ones', () => {
    const named = [
      paper(
        'n',
        'Benchmarks for web agents are important for evaluation of agents.',
        'We evaluate on the WebArena, Mind2Web and GAIA benchmarks with a fixed budget.',
      ),
    ];
    expect(questionKind('Which benchmarks are used for web agents?')).toMatchObject({ names: true });
    expect(quoted(extractAnswer('Which benchmarks are used for web agents?', named))).toEqual([
      'We evaluate on the WebArena, Mind2Web and GAIA benchmarks with a fixed budget.',
    ]);
  });

  it("says the papers don't answer when no sentence reaches ANSWERS, and answers when one does", () => {
    expect(extractAnswer('Does the recipe for baking bread matter?', papers)).toEqual({
      answered: false,
      groups: [],
    });
    expect(extractAnswer('Which methods do people use?', papers).answered).toBe(false);
    expect(extractAnswer('credit assignment', []).answered).toBe(false);
    const best = Math.max(...scoreSentences('How is credit assigned to turns?', papers).map((c) => c.score));
    expect(best).toBeGreaterThanOrEqual(ANSWERS);
    expect(extractAnswer('How is credit assigned to turns?', papers).answered).toBe(true);
  });

  it('leaves out links and code-availability lines', () => {
    const withLink = paper(
      'l',
      'We reduce hallucination in language models by abstaining when uncertain.',
      'Code for hallucination reduction is available at https://github.com/x/y.',
    );
    expect(quoted(extractAnswer('How is hallucination reduced?', [withLink]))).toEqual([
      'We reduce hallucination in language models by abstaining when uncertain.',
    ]);
  });

  it('gives at most MAX_SENTENCES, PER_PAPER from one paper', () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      paper(
        `p${i}`,
        `Reward shaping by potential functions reduces variance by ${i + 10}% on task ${i}.`,
        `Reward shaping via learned critics improves success by ${i + 5} points in setting ${i}.`,
      ),
    );
    const answer = extractAnswer('How does reward shaping improve success?', many);
    const count = answer.groups.reduce((n, g) => n + g.sentences.length, 0);
    expect(count).toBe(MAX_SENTENCES);
    for (const g of answer.groups) expect(g.sentences.length).toBeLessThanOrEqual(PER_PAPER);
  });
});
