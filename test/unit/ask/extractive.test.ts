import { describe, expect, it } from 'vitest';
import { cueFit, sentenceCues } from '@/lib/ask/answer-cues';
import {
  ANSWERS,
  extractAnswer,
  MAX_SENTENCES,
  type SourcePaper,
  scoreSentences,
} from '@/lib/ask/extractive';
import { questionKind } from '@/lib/ask/question-kind';

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
    expect(extractAnswer('Does the recipe for baking bread matter?', papers)).toMatchObject({
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
      'Language models state false facts.',
      'We reduce hallucination in language models by abstaining when uncertain.',
      'Code for hallucination reduction is available at https://github.com/x/y.',
    );
    expect(quoted(extractAnswer('How is hallucination reduced?', [withLink]))).toEqual([
      'We reduce hallucination in language models by abstaining when uncertain.',
    ]);
  });

  it('gives at most MAX_SENTENCES, each from a different paper', () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      paper(
        `p${i}`,
        `Reward shaping is studied in setting ${i}.`,
        `Reward shaping by potential functions reduces variance by ${i + 10}% on task ${i}.`,
        `Reward shaping via learned critics improves success by ${i + 5} points in setting ${i}.`,
      ),
    );
    const answer = extractAnswer('How does reward shaping improve success?', many);
    const count = answer.groups.reduce((n, g) => n + g.sentences.length, 0);
    expect(count).toBe(MAX_SENTENCES);
    expect(new Set(answer.groups.map((g) => g.paper)).size).toBe(answer.groups.length);
  });
});

describe('the part a sentence plays', () => {
  const opening = paper(
    'o',
    'Vision-language models often hallucinate objects that are absent from the image.',
    'We reduce object hallucination by contrasting the output distribution with one from a blurred image.',
  );

  it("rejects an abstract's opening sentence for a how-question, keeps it for a yes-or-no one", () => {
    const how = scoreSentences('How is object hallucination in vision-language models reduced?', [opening]);
    expect(how[0]!.score).toBe(0);
    expect(
      quoted(extractAnswer('How is object hallucination in vision-language models reduced?', [opening])),
    ).toEqual([
      'We reduce object hallucination by contrasting the output distribution with one from a blurred image.',
    ]);
    const yesNo = scoreSentences('Do vision-language models hallucinate objects absent from the image?', [
      opening,
    ]);
    expect(yesNo[0]!.score).toBeGreaterThan(0);
  });

  it('does not take a results line for how something works', () => {
    const sparse = paper(
      's',
      'Novel view synthesis from few images is hard.',
      'Experiments on LLFF show that our method outperforms prior sparse-view Gaussian splatting methods by 2.1 dB PSNR.',
      'Sparse-view Gaussian splatting is regularized by depth from a monocular estimator, which keeps the Gaussians on surfaces.',
    );
    const question = 'How does Gaussian splatting work from sparse views?';
    const kind = questionKind(question);
    const results = sentenceCues(sparse.abstract.split('. ')[1]!, new Set(), kind);
    expect(results.results).toBe(true);
    expect(cueFit(kind, results)).toBe(0);
    expect(quoted(extractAnswer(question, [sparse]))).toEqual([
      'Sparse-view Gaussian splatting is regularized by depth from a monocular estimator, which keeps the Gaussians on surfaces.',
    ]);
    // Asked how much, the same results line is what answers.
    expect(cueFit(questionKind('How much does sparse-view splatting improve PSNR?'), results)).toBe(1);
  });

  it('takes the limitation an abstract states as what a why-question asks for', () => {
    const gap = paper(
      'g',
      'Robot policies are trained from demonstrations.',
      'Current action policies struggle on long-horizon tasks: they keep no memory of task progress and drift after a few steps.',
      'We keep a memory of progress on long-horizon tasks by training a recurrent belief state with a world-model objective.',
    );
    const why = scoreSentences('Why do action policies fail on long-horizon tasks?', [gap]);
    expect(why[1]!.score).toBeGreaterThan(why[2]!.score);
    // Asked how, the same limitation is background and the method answers.
    const how = scoreSentences('How do action policies handle long-horizon tasks?', [gap]);
    expect(how[2]!.score).toBeGreaterThan(how[1]!.score);
  });

  it('counts no mechanism in "through experiments", one in "through a learned gate"', () => {
    const words = new Set(['faithfulness']);
    expect(
      sentenceCues(
        'Through experiments evaluating relevance and faithfulness, we find that tuning helps.',
        words,
      ).mechanism,
    ).toBe(false);
    expect(
      sentenceCues(
        'Faithfulness is checked through a learned gate that compares each claim with its passage.',
        words,
      ).mechanism,
    ).toBe(true);
  });

  it("prefers, between sentences alike, the one from a paper whose title holds the question's words", () => {
    const sentence =
      'The policy decides to retrieve by combining uncertainty scores with a small gating network.';
    const offTitle = {
      id: 'x',
      title: 'Memory budgets for long contexts',
      abstract: `Memory is costly. ${sentence}`,
    };
    const onTitle = {
      id: 'y',
      title: 'Deciding when to retrieve',
      abstract: `Memory is costly. ${sentence}`,
    };
    const question = 'How do systems decide when to retrieve?';
    const [x, y] = [offTitle, onTitle].map(
      (p) => scoreSentences(question, [offTitle, onTitle]).find((c) => c.paper === p.id && c.at === 1)!,
    );
    expect(y!.score).toBeGreaterThan(x!.score);
  });
});
