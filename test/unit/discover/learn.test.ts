import { describe, expect, it } from 'vitest';
import { learnTopic } from '../../../lib/discover/learn';
import {
  choosePhrases,
  encodeBackground,
  type LearnPaper,
  phraseWeight,
  queryTerm,
  type SharedPhrase,
  sharedPhrases,
} from '../../../lib/discover/learn-topic';
import { compileQuery, matchQuery } from '../../../lib/topics/query';

const SUBJECTS = [
  'protein folding',
  'robot grasping',
  'speech coding',
  'graph mining',
  'image denoising',
  'tax law',
];
const paper = (id: string, title: string, abstract: string): LearnPaper => ({
  id,
  title,
  abstract,
  categories: ['cs.LG'],
});

/** 600 background papers on other subjects, and a few on the niche. */
function background(): LearnPaper[] {
  const papers = Array.from({ length: 600 }, (_, i) => {
    const s = SUBJECTS[i % SUBJECTS.length]!;
    return paper(`b${i}`, `A study of ${s}`, `We improve ${s} with a new model and report results.`);
  });
  // "attention" and "sparse" alone are common enough elsewhere not to say "this niche".
  for (let i = 0; i < 30; i++)
    papers.push(paper(`s${i}`, 'Attention for speech', 'sparse graph mining with attention'));
  papers.push(
    paper('n1', 'Kernel tiling for sparse attention', 'Sparse attention kernels with block tiling.'),
  );
  return papers;
}

const EXAMPLES = [
  paper(
    'e1',
    'Block-sparse attention kernels',
    'Fast sparse attention with block tiling on GPUs; we report results.',
  ),
  paper('e2', 'Sparse attention at scale', 'A sparse attention kernel that skips empty blocks.'),
  paper(
    'e3',
    'Learned sparsity for attention',
    'Sparse attention masks learned end to end with kernel fusion.',
  ),
  paper(
    'e4',
    'Long context with sparse attention',
    'Sparse attention lets long context models fit in memory.',
  ),
];

describe('sharedPhrases and choosePhrases', () => {
  it('counts the phrases most examples share, with their background frequency', () => {
    const shared = sharedPhrases(EXAMPLES, encodeBackground(background()));
    const sparse = shared.find((p) => p.key === 'sparse attention')!;
    expect(sparse).toMatchObject({
      examples: 4,
      background: 1,
      exampleIndices: [0, 1, 2, 3],
      nameLike: false,
    });
    // A phrase as common in the background as in the examples weighs nothing; a rarer one weighs more.
    expect(phraseWeight({ ...sparse, background: 630 }, 4, 631)).toBe(0);
    expect(phraseWeight(sparse, 4, 631)).toBeGreaterThan(phraseWeight({ ...sparse, examples: 2 }, 4, 631));
  });

  it('prefers specific phrases, drops ones containing a chosen phrase, and needs a single word to be a name', () => {
    const p = (key: string, examples: number, bg: number, idx: number[], nameLike = false): SharedPhrase => ({
      key,
      examples,
      background: bg,
      exampleIndices: idx,
      nameLike,
    });
    const chosen = choosePhrases(
      [
        p('sparse attention', 4, 1, [0, 1, 2, 3]),
        p('sparse attention kernel', 2, 0, [0, 1]),
        p('illustrate', 2, 0, [0, 2]),
        p('GPU', 2, 0, [0, 1], true),
        p('model', 4, 500, [0, 1, 2, 3]),
      ],
      4,
      1000,
      { minLift: 40, maxPhrases: 6 },
    );
    expect(chosen.map((c) => c.key)).toEqual(['sparse attention', 'GPU']);
  });

  it('writes acronyms in capitals and other phrases quoted, as the examples spell them', () => {
    const ex = [paper('a', 'GRPO for LLMs', 'We use Test-Time Scaling.')];
    expect(queryTerm('grpo', ex)).toBe('GRPO');
    expect(queryTerm('llm', ex)).toBe('LLM');
    expect(queryTerm('test time scaling', ex)).toBe('"Test-Time Scaling"');
  });
});

describe('learnTopic', () => {
  it('learns a query that compiles, finds the niche and not the background, and adds covering pack topics', () => {
    const packTopicsOf = (p: LearnPaper) =>
      /attention/i.test(p.title)
        ? [
            {
              id: 'efficient-attention',
              name: 'Efficient Attention',
              aliases: ['Linear Attention'],
              parents: ['transformers'],
            },
            { id: 'transformers', name: 'Transformers', aliases: [], parents: [] },
          ]
        : [];
    const bg = background();
    const learned = learnTopic(EXAMPLES, encodeBackground(bg), packTopicsOf, (name) => `user-${name.length}`);
    expect(learned.packTopics).toEqual(['efficient-attention']);
    expect(learned.query).toBe(
      '"sparse attention" OR "kernel" OR "Efficient Attention" OR "Linear Attention"',
    );
    expect(learned.name).toBe('sparse attention');
    expect(learned.id).toBe('user-16');
    expect(learned.examples).toEqual(['e1', 'e2', 'e3', 'e4']);
    const compiled = compileQuery(learned.query);
    if (!compiled.ok) throw new Error('does not compile');
    const hits = bg.filter((p) => matchQuery(compiled.query, p) !== null).map((p) => p.id);
    expect(hits).toEqual(['n1']);
  });

  it('uses the given name, and still gives a query when the examples share nothing specific', () => {
    const unrelated = [
      paper('x', 'Protein folding', 'protein folding again'),
      paper('y', 'Tax law', 'tax law again'),
    ];
    const learned = learnTopic(
      unrelated,
      encodeBackground(background()),
      () => [],
      (n) => `user-${n}`,
      {
        name: 'Mixed bag',
      },
    );
    expect(learned.name).toBe('Mixed bag');
    expect(compileQuery(learned.query).ok).toBe(true);
  });
});
