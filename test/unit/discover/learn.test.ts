import { describe, expect, it } from 'vitest';
import { emergingQuery } from '../../../lib/discover/emerging-query';
import { learnTopic, titleWords } from '../../../lib/discover/learn';
import { learnedMatch, orTerms } from '../../../lib/discover/learn-refine';
import {
  encodeBackground,
  type LearnPaper,
  phraseWeight,
  queryTerm,
  usable,
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

describe('phrase weight, usable words and query terms', () => {
  const p = (key: string, examples: number, background: number, nameLike = false) => ({
    key,
    examples,
    background,
    nameLike,
  });

  it('weighs a phrase by its lift over the background and the share of examples using it', () => {
    expect(phraseWeight(p('sparse attention', 4, 630), 4, 631)).toBe(0);
    expect(phraseWeight(p('sparse attention', 4, 1), 4, 631)).toBeGreaterThan(
      phraseWeight(p('sparse attention', 2, 1), 4, 631),
    );
  });

  it('takes a single word only as a name or when most examples use it', () => {
    expect(usable(p('illustrate', 2, 0), 4)).toBe(false);
    expect(usable(p('kernel', 3, 0), 4)).toBe(true);
    expect(usable(p('gpu', 2, 0, true), 4)).toBe(true);
    expect(usable(p('sparse attention', 2, 0), 4)).toBe(true);
  });

  it('writes acronyms in capitals and other phrases quoted, as the examples spell them', () => {
    const ex = [paper('a', 'GRPO for LLMs', 'We use Test-Time Scaling.')];
    expect(queryTerm('grpo', ex)).toBe('GRPO');
    expect(queryTerm('llm', ex)).toBe('LLM');
    expect(queryTerm('test time scaling', ex)).toBe('"Test-Time Scaling"');
  });
});

describe('learnTopic', () => {
  it('learns a query that compiles and finds the niche, leaving out a broad pack topic the examples carry', () => {
    const packTopicsOf = (p: LearnPaper) =>
      /attention/i.test(p.title)
        ? [
            // Its alias matches the 30 background papers on attention for speech too.
            { id: 'attention', name: 'Attention Mechanisms', aliases: ['attention'], parents: [] },
          ]
        : [];
    const bg = background();
    const learned = learnTopic(EXAMPLES, encodeBackground(bg), packTopicsOf, (name) => `user-${name.length}`);
    expect(learned.packTopics).toEqual([]);
    expect(learned.query).toBe('"sparse attention"');
    expect(learned.name).toBe('sparse attention');
    expect(learned.id).toBe('user-16');
    expect(learned.examples).toEqual(['e1', 'e2', 'e3', 'e4']);
    const compiled = compileQuery(learned.query);
    if (!compiled.ok) throw new Error('does not compile');
    const hits = bg.filter((p) => matchQuery(compiled.query, p) !== null).map((p) => p.id);
    expect(hits).toEqual(['n1']);
  });

  it('names a pack topic as topic:ID when the background is tagged, finding its papers that never name it', () => {
    const protein = { id: 'protein-structure', name: 'Protein Structure', aliases: [], parents: [] };
    const words = ['residue contacts', 'backbone angles', 'fold classes', 'side chains', 'docking poses'];
    const examples = words.map((w, i) => ({
      ...paper(`e${i}`, w, `${w} ${i}`),
      topics: ['protein-structure'],
    }));
    const tagged = background().map((p, i) => ({ ...p, topics: i % 60 === 0 ? ['protein-structure'] : [] }));
    const packTopicsOf = (p: LearnPaper) => (p.topics?.includes(protein.id) ? [protein] : []);
    const learned = learnTopic(examples, encodeBackground(tagged), packTopicsOf, (name) => name);
    expect(learned.query).toBe('topic:protein-structure');
    expect(learned.packTopics).toEqual(['protein-structure']);
    const compiled = compileQuery(learned.query);
    if (!compiled.ok) throw new Error('does not compile');
    const hits = tagged.filter((p) => learnedMatch(compiled.query, p)).map((p) => p.id);
    expect(hits).toEqual(tagged.filter((p) => p.topics.length > 0).map((p) => p.id));
    // The same papers without their tags: a topic: term matches nothing.
    expect(background().filter((p) => learnedMatch(compiled.query, p))).toEqual([]);
  });

  it('narrows a broad pack topic by a phrase when six or more of its examples share both', () => {
    const agents = { id: 'llm-agents', name: 'LLM Agents', aliases: [], parents: [] };
    const agentPaper = (id: string, title: string) => ({
      ...paper(id, title, `An agent that plans over ${title.toLowerCase()}.`),
      topics: ['llm-agents'],
    });
    const tasks = ['web shopping', 'code repair', 'travel booking', 'spreadsheet editing', 'email triage'];
    // The background: 300 agent papers, 12 on long-horizon tasks, and 40 long-horizon papers on other things.
    const tagged = [
      ...background().map((p) => ({ ...p, topics: [] as string[] })),
      ...Array.from({ length: 40 }, (_, i) => ({
        ...paper(`f${i}`, `Long-horizon forecasting of ${SUBJECTS[i % SUBJECTS.length]}`, 'Forecasts.'),
        topics: [] as string[],
      })),
      ...Array.from({ length: 300 }, (_, i) => agentPaper(`a${i}`, `Agents for ${tasks[i % tasks.length]}`)),
      ...Array.from({ length: 12 }, (_, i) => agentPaper(`h${i}`, `Long-horizon ${tasks[i % tasks.length]}`)),
    ];
    const packTopicsOf = (p: LearnPaper) => (p.topics?.includes(agents.id) ? [agents] : []);
    const learn = (k: number) =>
      learnTopic(
        Array.from({ length: k }, (_, i) => agentPaper(`e${i}`, `Long-horizon ${tasks[i % tasks.length]}`)),
        encodeBackground(tagged),
        packTopicsOf,
        (name) => name,
      ).query;
    expect(learn(10)).toBe('(topic:llm-agents "Long-horizon")');
    // Without the background's tags the topic goes by its names, an OR that the phrase narrows whole.
    const named = { ...agents, name: 'Agent', aliases: ['Planner'] };
    const byName = learnTopic(
      Array.from({ length: 10 }, (_, i) => agentPaper(`e${i}`, `Long-horizon ${tasks[i % tasks.length]}`)),
      encodeBackground(tagged.map(({ topics, ...p }) => p)),
      (p) => (p.topics?.includes(agents.id) ? [named] : []),
      (name) => name,
    ).query;
    expect(byName).toBe('(("Agent" OR "Planner") "Long-horizon")');
    expect(orTerms(byName)).toEqual([byName]);
    // Five examples are too few to narrow a topic by what they share (it may be chance).
    expect(learn(5)).not.toContain('topic:llm-agents "');
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

describe('the fallback phrase of a learned topic', () => {
  it('is whole words of the first title that compile as a quoted phrase, whatever the title holds', () => {
    const hostile = paper(
      '2601.00001',
      'Agent* "Quoted" (Parens) — LLM-based: 3D tasks, and more words here',
      '',
    );
    const phrase = titleWords([hostile]);
    expect(phrase).toBe('Agent Quoted Parens LLM-based 3D tasks and more');
    expect(compileQuery(`"${phrase}"`).ok).toBe(true);
    expect(titleWords([paper('2601.00002', '*** ---', '')])).toBe('topic');
  });
});

describe('operator words the examples share (issue 33, item 4)', () => {
  const OPERATORS = ['AND', 'OR', 'NOT', 'ANDNOT'];
  const using = (word: string) =>
    SUBJECTS.slice(0, 5).map((s, i) =>
      paper(`g${i}`, `${word} for ${s}`, `${s} with ${word}; ${word} helps ${s}.`),
    );

  it('learns a query that compiles from examples sharing the acronym ANDNOT, and finds them', () => {
    const examples = using('ANDNOT');
    const learned = learnTopic(
      examples,
      encodeBackground([...background(), ...examples]),
      () => [],
      (name) => `user-${name}`,
    );
    const compiled = compileQuery(learned.query);
    if (!compiled.ok) throw new Error(`${learned.query}: ${compiled.error.message}`);
    for (const example of examples) expect(matchQuery(compiled.query, example)).not.toBeNull();
  });

  it.each(OPERATORS)('writes %s as a quoted term, in learned and emerging queries alike', (word) => {
    const term = queryTerm(word.toLowerCase(), using(word));
    expect(term).toBe(`"${word}"`);
    const emerging = emergingQuery(word, [word, `${word}s`]);
    expect(emerging).toBe(`"${word}"`);
    for (const query of [term, emerging, `${term} OR "gates"`]) {
      const compiled = compileQuery(query);
      if (!compiled.ok) throw new Error(`${query}: ${compiled.error.message}`);
      expect(matchQuery(compiled.query, using(word)[0]!)).not.toBeNull();
    }
  });
});
