import binomialCdf from '@stdlib/stats-base-dists-binomial-cdf';
import { describe, expect, it } from 'vitest';
import { categorySkew, cohesion } from '../../../lib/discover/cohesion';
import { coveringTopics } from '../../../lib/discover/covered-by';
import { headOf, mergeVariants, overlap } from '../../../lib/discover/merge-variants';
import { PhraseTrie } from '../../../lib/discover/phrase-trie';
import { emergingRise, isEmerging, MIN_RECENT, rise, riseStrength } from '../../../lib/discover/significance';
import { distinctVariants, surfaceForms } from '../../../lib/discover/surface-forms';
import { WordTable } from '../../../lib/discover/word-table';

function trieOf(aliases = new Map<string, string>()) {
  const table = new WordTable();
  const trie = new PhraseTrie(table, aliases);
  const enc = (title: string, abstract: string) => ({
    title: table.encode(title),
    abstract: table.encode(abstract),
  });
  const counts = () =>
    new Map([...trie.phrases()].map((n) => [trie.keyOf(n), [n.recent, n.previous, n.titles]]));
  return { table, trie, enc, counts };
}

describe('PhraseTrie', () => {
  it('merges an acronym only with an expansion it would count anyway, and opens no branch for it', () => {
    // "task" sits inside no phrase: "multi-task learning" is no phrase, merged or not. A kept week counts
    // without aliases (weekly.ts), so an alias must not make phrases only the merged count has.
    const { trie, enc, counts } = trieOf(
      new Map([
        ['multi task learning', 'mtl'],
        ['audio language model', 'alm'],
      ]),
    );
    expect([...trie.aliases]).toEqual([['audio language model', 'alm']]);
    trie.add(
      enc('Multi-task learning (MTL) for audio', 'audio language models (ALMs) and domain-specific audio'),
      0,
    );
    const c = counts();
    expect(c.has('multi task learning')).toBe(false);
    expect(c.get('mtl')?.[0]).toBe(1);
    expect(c.get('alm')?.[0]).toBe(1);
    // The alias made "audio" and "audio language" first: they count as phrases all the same.
    expect(c.get('audio')?.[0]).toBe(1);
    expect(c.get('audio language')?.[0]).toBe(1);
  });

  it('counts each phrase once per paper, in titles separately, and no phrase across a comma', () => {
    const { trie, enc, counts } = trieOf();
    trie.add(enc('Test-time scaling', 'test time scaling, and more test-time scaling of agents'), 0);
    trie.add(enc('Other', 'we study test-time scaling'), 0);
    const c = counts();
    expect(c.get('test time scaling')).toEqual([2, 0, 1]);
    expect(c.get('scaling')).toEqual([2, 0, 1]);
    expect(c.has('scaling and')).toBe(false);
    expect(c.get('test time scaling of agent')).toBeUndefined(); // five words
    expect(c.get('scaling of agent')).toEqual([1, 0, 0]);
    expect(trie.papersPerSlot).toEqual([2]);
  });

  it('starts and ends no phrase inside a hyphenated compound', () => {
    const { trie, enc, counts } = trieOf();
    trie.add(enc('', 'feed-forward 3D reconstruction'), 0);
    const c = counts();
    expect(c.has('feed forward 3d reconstruction')).toBe(true);
    expect(c.has('forward 3d reconstruction')).toBe(false);
    expect(c.has('feed')).toBe(false);
  });

  it('counts an expansion on its acronym, once per paper', () => {
    const { trie, enc, counts } = trieOf(new Map([['group relative policy optimization', 'grpo']]));
    trie.add(enc('', 'Group Relative Policy Optimization (GRPO) and GRPO again'), 0);
    trie.add(enc('', 'group relative policy optimization'), 0);
    expect(counts().get('grpo')).toEqual([2, 0, 0]);
    expect(counts().has('group relative policy optimization')).toBe(false);
  });

  it('counts a baseline without growing, prunes rare branches, and matches papers', () => {
    const { trie, enc } = trieOf();
    for (let i = 0; i < 3; i++) trie.add(enc('', 'world model'), 0);
    trie.add(enc('', 'rare thing'), 0);
    trie.prune(2);
    trie.add(enc('', 'world model and brand new words'), 1, false);
    const keys = [...trie.phrases()].map((n) => `${trie.keyOf(n)}: ${n.recent}/${n.previous}`);
    expect(keys.sort()).toEqual(['model: 3/1', 'world model: 3/1', 'world: 3/1']);
    const seen: string[] = [];
    trie.match(enc('A world model', ''), (node) => seen.push(trie.keyOf(node)));
    expect(seen.sort()).toEqual(['model', 'world', 'world model']);
  });
});

describe('significance', () => {
  it('is the exact upper binomial tail on shares, with change on shares', () => {
    const r = rise(12, 6, 1000, 3000);
    expect(r.change).toBeCloseTo(12 / 1000 / (6 / 3000) - 1, 12);
    // P(X >= 12), X ~ Bin(18, 1/4) = P(previous side <= 6) with p 3/4.
    expect(r.p).toBeCloseTo(binomialCdf(6, 18, 0.75), 12);
    expect(isEmerging(r)).toBe(true);
  });

  it('needs enough papers, a small p and a doubled share', () => {
    expect(isEmerging(rise(MIN_RECENT - 1, 0, 1000, 3000))).toBe(false);
    expect(isEmerging(rise(30, 60, 1000, 3000))).toBe(false); // +50%
    expect(rise(8, 0, 1000, 3000).change).toBeNull();
    expect(rise(0, 0, 0, 0).p).toBe(1);
    expect(riseStrength(rise(20, 0, 1000, 3000), 1000, 3000)).toBeGreaterThan(
      riseStrength(rise(6, 0, 1000, 3000), 1000, 3000),
    );
  });

  it('emergingRise is rise when isEmerging holds and undefined otherwise, over counts near every bound', () => {
    let emerging = 0;
    for (const [allRecent, allPrevious] of [
      [1000, 3000],
      [0, 3000],
      [1000, 0],
      [5000, 9000],
    ] as const) {
      for (let recent = 0; recent <= 40; recent++) {
        for (let previous = 0; previous <= 60; previous++) {
          const r = rise(recent, previous, allRecent, allPrevious);
          const got = emergingRise(recent, previous, allRecent, allPrevious);
          expect(got).toEqual(isEmerging(r) ? r : undefined);
          if (got) emerging++;
        }
      }
    }
    // Both answers occur, so the comparison above tested each.
    expect(emerging).toBeGreaterThan(100);
  });
});

describe('cohesion and category skew', () => {
  const weight = () => 1;
  it('is 1 for papers with the same words and 0 for disjoint ones, leaving the phrase words out', () => {
    expect(
      cohesion(
        [
          [1, 2],
          [1, 2],
        ],
        weight,
        new Set(),
      ),
    ).toBeCloseTo(1, 12);
    expect(
      cohesion(
        [
          [1, 9],
          [2, 9],
        ],
        weight,
        new Set([9]),
      ),
    ).toBeCloseTo(0, 12);
    expect(cohesion([[1]], weight, new Set())).toBe(0);
  });

  it('measures how unlike all papers the categories are', () => {
    const overall = new Map([
      ['cs.CV', 50],
      ['cs.CL', 50],
    ]);
    expect(categorySkew(['cs.CV', 'cs.CL'], overall, 100)).toBeCloseTo(0, 12);
    expect(categorySkew(['cs.CV', 'cs.CV'], overall, 100)).toBeCloseTo(0.5, 12);
    expect(categorySkew(['q-bio.NC'], overall, 100)).toBeCloseTo(1, 12);
  });
});

describe('variants, surfaces and covering topics', () => {
  const c = (key: string, recent: number, papers: number[], expansion?: string) => ({
    key,
    recent,
    papers,
    expansion,
  });

  it('merges phrases that share most papers and names the group by its fullest form', () => {
    const groups = mergeVariants([
      c('action model', 30, [1, 2, 3, 4, 5]),
      c('streaming video', 9, [10, 11, 12]),
      c('gpt 5.4', 5, [1, 2, 3]),
      c('vision language action model', 26, [1, 2, 3, 4]),
    ]);
    expect(groups.map((g) => g.map((m) => m.key))).toEqual([
      ['action model', 'vision language action model'],
      ['streaming video'],
      ['gpt 5.4'],
    ]);
    expect(headOf(groups[0]!).key).toBe('vision language action model');
    expect(headOf([c('graph generation', 13, [1]), c('sgg', 10, [1], 'scene graph generation')]).key).toBe(
      'sgg',
    );
    expect(headOf([c('geo localization', 18, [1]), c('view geo localization', 12, [1])]).key).toBe(
      'geo localization',
    );
    expect(headOf([c('zsa', 9, [1]), c('zsa for long context', 6, [1])]).key).toBe('zsa');
    expect(
      headOf([c('behavior analysis', 11, [1]), c('abaw', 6, [1], 'affective behavior analysis')]).key,
    ).toBe('abaw');
    expect(overlap([1, 3, 5, 7], [3, 4, 5])).toBe(2);
  });

  it('finds how a phrase is spelled and keeps one spelling per form', () => {
    const forms = surfaceForms(
      ['Vision-Language-Action Models rock; vision language action model too', 'VLA models'],
      ['vision language action model', 'vla model'],
    );
    expect(forms).toEqual([
      ['VLA models', 1],
      ['Vision-Language-Action Models', 1],
      ['vision language action model', 1],
    ]);
    expect(distinctVariants(forms)).toEqual(['VLA models', 'Vision-Language-Action Models']);
  });

  it('lists the topics more than half the papers carry, the narrowest (least carried) first', () => {
    // 'llm' is the parent every paper of 'halluc' carries too: the child names the phrase better.
    expect(coveringTopics([['llm', 'halluc'], ['llm'], ['llm', 'halluc', 'c'], ['halluc', 'llm']])).toEqual([
      'halluc',
      'llm',
    ]);
    expect(coveringTopics([['a'], ['b']])).toEqual([]);
  });
});
