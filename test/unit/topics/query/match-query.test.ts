import { describe, expect, it } from 'vitest';
import type { TaggableText } from '../../../../lib/paper';
import { stemWord, tokenize } from '../../../../lib/text/tokens';
import { carriedTopics, matchPrepared, matchQuery, prepareText } from '../../../../lib/topics/query';
import { isAcronym } from '../../../../lib/topics/query/build-term';
import { agenticRl, allPapers, emptyPaper, oldPhysics, robotRl, worldModels } from './papers';
import { compiled, matches } from './query-test-helpers';

const paper = (title: string, abstract = '', extra: Partial<TaggableText> = {}): TaggableText => ({
  title,
  abstract,
  categories: [],
  ...extra,
});

describe('matching words and phrases', () => {
  it('matches stems: "agents" finds agentic and agent', () => {
    expect(matches('agents', paper('Agentic search'))).toBe(true);
    expect(matches('agents', paper('An agent that plans'))).toBe(true);
    expect(matches('agentic', paper('', 'Multi-agent systems'))).toBe(true);
    expect(matches('agents', paper('Agenda setting'))).toBe(false);
  });

  it('matches phrases as consecutive stems, ignoring case and plurals', () => {
    expect(matches('"large language models"', paper('A Large Language Model for Code'))).toBe(true);
    expect(matches('"large language model"', paper('', 'large-language-models are big'))).toBe(true);
    expect(matches('"large language models"', paper('Large models of language'))).toBe(false);
    expect(matches('"language models"', paper('language and vision models'))).toBe(false);
  });

  it('splits hyphens on both sides: on-policy is "on policy"', () => {
    expect(matches('on-policy', paper('On Policy Distillation'))).toBe(true);
    expect(matches('"on policy distillation"', paper('On-Policy Distillation of LLMs'))).toBe(true);
    expect(matches('"sim to real"', robotRl)).toBe(true);
  });

  it('matches an ALL CAPS acronym case-sensitively, plural s allowed', () => {
    expect(matches('RL', agenticRl)).toBe(true);
    expect(matches('LLM', agenticRl)).toBe(true); // the abstract says LLMs and LLM
    expect(matches('LLM', paper('Serving LLMs cheaply'))).toBe(true);
    expect(matches('RL', paper('An Rl circuit'))).toBe(false);
    expect(matches('RL', paper('the rl norm'))).toBe(false);
    expect(matches('GRPO', agenticRl)).toBe(true);
    expect(matches('3DGS', worldModels)).toBe(true);
    // Lower case is an ordinary word and matches any case.
    expect(matches('rl', paper('An Rl circuit'))).toBe(true);
  });

  it('keeps acronym words case-sensitive inside phrases', () => {
    expect(matches('"LLM agent"', agenticRl)).toBe(true);
    expect(matches('"LLM agent"', paper('an llm agent'))).toBe(false);
    expect(matches('"llm agent"', paper('an LLM agent'))).toBe(true);
  });

  it('reads words that are names of JavaScript object members as plain words', () => {
    const code = paper('A constructor for toString and valueOf', '__proto__ hasOwnProperty');
    expect(matches('constructor toString', code)).toBe(true);
    expect(matches('valueOf OR __proto__', code)).toBe(true);
    expect(matches('hasOwnProperty ANDNOT constructor', code)).toBe(false);
  });

  it('treats a bare hyphenated or dotted word as a phrase', () => {
    expect(matches('model-free', worldModels)).toBe(true);
    expect(matches('free-model', worldModels)).toBe(false);
  });

  it('searches title and abstract without a prefix, one of them with ti: or abs:', () => {
    expect(matches('survey', agenticRl)).toBe(true);
    expect(matches('ti:survey', agenticRl)).toBe(true);
    expect(matches('abs:survey', agenticRl)).toBe(true);
    expect(matches('ti:tools', agenticRl)).toBe(false);
    expect(matches('abs:"a survey"', agenticRl)).toBe(false);
  });

  it('matches a trailing * as a prefix of a word, in any case', () => {
    expect(matches('agent*', paper('Agentic search'))).toBe(true);
    expect(matches('ti:loco*', robotRl)).toBe(true);
    expect(matches('abs:loco*', worldModels)).toBe(false);
    expect(matches('LOCO*', robotRl)).toBe(true);
  });
});

describe('matching categories and authors', () => {
  it('matches a category exactly, in any case', () => {
    expect(matches('cat:cs.RO', robotRl)).toBe(true);
    expect(matches('cat:cs.ro', robotRl)).toBe(true);
    expect(matches('cat:cs.R', robotRl)).toBe(false);
    expect(matches('cat:cs.RO', agenticRl)).toBe(false);
  });

  it('matches a whole archive with cat:X or cat:X.*', () => {
    expect(matches('cat:cs', agenticRl)).toBe(true);
    expect(matches('cat:cs.*', worldModels)).toBe(true);
    expect(matches('cat:hep-th', oldPhysics)).toBe(true);
    expect(matches('cat:hep', oldPhysics)).toBe(false);
    expect(matches('cat:cs', oldPhysics)).toBe(false);
    expect(matches('cat:math', paper('x', '', { categories: ['math-ph'] }))).toBe(false);
  });

  it('matches authors by name words, in any order, folding case and accents', () => {
    expect(matches('au:smith', agenticRl)).toBe(true);
    expect(matches('au:Jane', agenticRl)).toBe(true);
    expect(matches('au:"Smith, Jane"', agenticRl)).toBe(true);
    expect(matches('au:"Alice Smith"', worldModels)).toBe(true); // written "Smith, Alice"
    expect(matches('au:muller', agenticRl)).toBe(true);
    expect(matches('au:Cortes', robotRl)).toBe(true);
    expect(matches('au:"Jane Zhang"', agenticRl)).toBe(false); // two different authors
    expect(matches('au:smit', agenticRl)).toBe(false);
    expect(matches('au:smi*', agenticRl)).toBe(true);
  });

  it('matches a one-letter author word as an initial', () => {
    expect(matches('au:"J Smith"', agenticRl)).toBe(true);
    expect(matches('au:"A. Sen"', oldPhysics)).toBe(true);
    expect(matches('au:"K Smith"', agenticRl)).toBe(false);
  });

  it('does not search names or categories without their prefix', () => {
    expect(matches('smith', agenticRl)).toBe(false);
    expect(matches('ti:cs', agenticRl)).toBe(false);
  });
});

describe('evidence', () => {
  it('reports the paper’s own words and where they were found', () => {
    expect(matchQuery(compiled('agents'), agenticRl)).toEqual([
      { phrase: 'Agentic', where: 'title' },
      { phrase: 'agents', where: 'abstract' },
    ]);
    expect(matchQuery(compiled('ti:"large language model"'), agenticRl)).toEqual([
      { phrase: 'Large Language Models', where: 'title' },
    ]);
    expect(matchQuery(compiled('"on policy RL"'), agenticRl)).toEqual([
      { phrase: 'on-policy RL', where: 'abstract' },
    ]);
  });

  it('lists every term of an AND and every matching branch of an OR, but nothing behind ANDNOT', () => {
    expect(
      matchQuery(compiled('au:zhang cat:cs.CL (GRPO OR locomotion OR ti:survey) ANDNOT robot'), agenticRl),
    ).toEqual([
      { phrase: 'Wei Zhang', where: 'author' },
      { phrase: 'cs.CL', where: 'category' },
      { phrase: 'GRPO', where: 'abstract' },
      { phrase: 'Survey', where: 'title' },
    ]);
  });

  it('lists a word found twice only once', () => {
    expect(matchQuery(compiled('world OR "world model"'), worldModels)).toEqual([
      { phrase: 'World', where: 'title' },
      { phrase: 'world', where: 'abstract' },
      { phrase: 'World Models', where: 'title' },
      { phrase: 'world model', where: 'abstract' },
    ]);
    expect(matchQuery(compiled('RL RL abs:RL'), agenticRl)).toEqual([{ phrase: 'RL', where: 'abstract' }]);
  });

  it('prefers plain words when markup sits between the matched words', () => {
    const latex = paper('', `world ${'$'.repeat(40)} model`);
    expect(matchQuery(compiled('"world model"'), latex)).toEqual([
      { phrase: 'world model', where: 'abstract' },
    ]);
  });

  it('gives null, never an empty list, for no match', () => {
    expect(matchQuery(compiled('agents ANDNOT tools'), agenticRl)).toBeNull();
    expect(matchQuery(compiled('agents'), emptyPaper)).toBeNull();
  });
});

describe('prepared text', () => {
  it('gives the same answers as matchQuery when one prepared paper meets many queries', () => {
    const queries = [
      'agents',
      'cat:cs',
      'au:smith OR RL',
      '"world model" ANDNOT cat:cs.LG',
      'loco* OR string',
    ];
    for (const item of allPapers) {
      const prepared = prepareText(item);
      for (const query of queries) {
        expect(matchPrepared(compiled(query), prepared), query).toEqual(matchQuery(compiled(query), item));
      }
    }
  });

  it('gives the same answers from tokens the caller already has', () => {
    const queries = ['agents', '"on policy RL"', 'LLM ANDNOT locomotion', 'ti:survey OR abs:3DGS', 'loco*'];
    for (const item of allPapers) {
      const tokens = { title: tokenize(item.title), abstract: tokenize(item.abstract) };
      const prepared = prepareText(item, tokens);
      for (const query of queries) {
        expect(matchPrepared(compiled(query), prepared), query).toEqual(matchQuery(compiled(query), item));
      }
    }
  });

  it('copes with papers missing optional fields and with hostile text', () => {
    const noAuthors = { title: 'Agents', abstract: 'x', categories: ['cs.AI'] };
    expect(matches('au:smith', noAuthors)).toBe(false);
    const broken = {
      title: undefined,
      abstract: null,
      categories: [null, 'cs.AI'],
      authors: [null, 'Jane Smith'],
    };
    const hostile = broken as unknown as TaggableText;
    expect(matchQuery(compiled('au:smith cat:cs.AI'), hostile)).toEqual([
      { phrase: 'Jane Smith', where: 'author' },
      { phrase: 'cs.AI', where: 'category' },
    ]);
    expect(matches('agents OR agent*', hostile)).toBe(false);
    const huge = paper('t', `${'agents '.repeat(20_000)}\u0000\u{1F600} \\mathcal{O}(n^2)`);
    expect(matches('"agents agents" ANDNOT "agents tools"', huge)).toBe(true);
    expect(matches('"Schrödinger bridge"', paper('Schrödinger Bridges for generation'))).toBe(true);
  });
});

describe('phrases whose words are everywhere (matched by one scan of the text)', () => {
  // A tiny vocabulary, acronyms and their plurals included, so every word is frequent.
  const vocabulary = ['a', 'RL', 'RLs', 'rl', 'LLMs', 'model'];
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor(seed / 65536) % n; // the low bits of this generator repeat quickly
  };
  const pick = (n: number) => Array.from({ length: n }, () => vocabulary[random(vocabulary.length)]!);

  /** The definition: some start where every phrase word matches the text word at its place. */
  function naive(phrase: string[], words: string[]): boolean {
    const want = phrase.map((raw) => (isAcronym(raw) ? { raw } : { stem: stemWord(raw) }));
    return words.some((_, start) =>
      want.every((w, j) => {
        const word = words[start + j];
        if (word === undefined) return false;
        return 'raw' in w ? word === w.raw || word === `${w.raw}s` : stemWord(word) === w.stem;
      }),
    );
  }

  it('agrees with the definition on 2000 random phrases and texts', () => {
    for (let trial = 0; trial < 2000; trial++) {
      const words = pick(5 + random(60));
      // Half the phrases are taken from the text, respelled ("RLs" as the acronym RL, "model" as "models").
      const length = 1 + random(12);
      const start = random(words.length);
      const respell: Record<string, string> = { RLs: 'RL', LLMs: 'LLM', model: 'models' };
      const phrase =
        trial % 2 === 0
          ? words.slice(start, start + length).map((w) => (random(2) ? (respell[w] ?? w) : w))
          : pick(length);
      const paper = { title: '', abstract: words.join(' '), categories: [], authors: [] };
      const found = matchQuery(compiled(`abs:"${phrase.join(' ')}"`), paper) !== null;
      expect(found, `"${phrase.join(' ')}" in "${words.join(' ')}"`).toBe(naive(phrase, words));
    }
  });
});

describe('topic: terms', () => {
  const names = new Map([['llm-agents', 'LLM Agents']]);
  const carried = carriedTopics(['llm-agents', 'cs.AI'], (id) => names.get(id));
  const query = (text: string) => compiled(text);

  it('match a paper that carries the pack topic, with the topic as evidence', () => {
    expect(matchQuery(query('topic:llm-agents'), paper('Anything'), carried)).toEqual([
      { phrase: 'LLM Agents', where: 'topic' },
    ]);
    expect(matchQuery(query('topic:llm-agents AND planner'), paper('A planner'), carried)).toEqual([
      { phrase: 'LLM Agents', where: 'topic' },
      { phrase: 'planner', where: 'title' },
    ]);
    expect(matchQuery(query('planner ANDNOT topic:llm-agents'), paper('A planner'), carried)).toBeNull();
  });

  it('do not match a paper without the topic, without known topics, or for an id only a category has', () => {
    expect(matchQuery(query('topic:world-models'), paper('World models'), carried)).toBeNull();
    expect(matchQuery(query('topic:llm-agents'), paper('LLM agents'))).toBeNull();
    // carriedTopics answers only what nameOf names: the paper's other ids are not topic: terms.
    expect(carried('cs.AI')).toBeUndefined();
  });
});
