import { describe, expect, it } from 'vitest';
import { acronymAliases } from '../../../lib/discover/acronym-aliases';
import { acronymDefinitions } from '../../../lib/discover/acronyms';
import { canEdge, canInner, isNumber } from '../../../lib/discover/phrase-edges';
import { foldWord, forEachWord, segments } from '../../../lib/discover/tokens';
import { JOIN, SEP, WordTable } from '../../../lib/discover/word-table';

const keys = (text: string) => segments(text).map((s) => s.map((w) => w.key).join(' '));

describe('segments and foldWord', () => {
  it('splits at punctuation, joins hyphenated words and dotted numbers, keeps places', () => {
    expect(keys('Vision-Language Models (VLMs), and Qwen2.5-VL.')).toEqual([
      'vision language model',
      'vlm',
      // The words of lib/text/words.ts: a dot splits "Qwen2.5", but does not end the segment.
      'and qwen2 5 vl',
    ]);
    const [first] = segments('Hello world');
    expect(first!.map((w) => [w.start, w.end])).toEqual([
      [0, 5],
      [6, 11],
    ]);
  });

  it('folds plurals lightly and leaves acronyms and non-plurals alone', () => {
    expect(
      ['models', 'strategies', 'approaches', 'LLMs', '3DGS', 'analysis', 'bias', 'process', 'robotics'].map(
        foldWord,
      ),
    ).toEqual(['model', 'strategy', 'approach', 'llm', '3dgs', 'analysis', 'bias', 'process', 'robotics']);
  });

  it('reports segment ends as undefined words', () => {
    const seen: (string | undefined)[] = [];
    forEachWord('a b; c', (raw) => seen.push(raw));
    expect(seen).toEqual(['a', 'b', undefined, 'c']);
  });
});

describe('phrase edges', () => {
  it('bans function words, prose verbs and compound tails at the edges', () => {
    expect(canEdge('the', true)).toBe(false);
    expect(canEdge('propose', false)).toBe(false);
    expect(canEdge('aware', true)).toBe(false);
    expect(canEdge('aware', false)).toBe(false);
    expect(canEdge('aligned', false)).toBe(false);
    expect(canEdge('temporally', false)).toBe(false);
    expect(canEdge('3d', false)).toBe(false);
    expect(canEdge('10th', true)).toBe(false);
    // Words are plural-folded before this test: "tens of thousands" arrives as ten ... thousand.
    expect(canEdge('ten', true)).toBe(false);
    expect(canEdge('thousand', false)).toBe(false);
    expect(canEdge('grpo', true)).toBe(true);
    expect(canEdge('splatting', false)).toBe(true);
  });

  it('lets numbers end but not start a phrase, and linking words sit inside', () => {
    expect(canEdge('5', false)).toBe(true);
    expect(canEdge('5', true)).toBe(false);
    expect(isNumber('2.5')).toBe(true);
    expect(canInner('of')).toBe(true);
    expect(canInner('the')).toBe(false);
    expect(canInner('and')).toBe(false);
  });
});

describe('acronym definitions', () => {
  it('matches an acronym to the words before it, skipping linking words and reading digits', () => {
    const text =
      'We use Group Relative Policy Optimization (GRPO) with 3D Gaussian Splatting (3DGS), Vision-Language Models (VLMs) and a Mixture of Experts (MoE).';
    expect(acronymDefinitions(text)).toEqual([
      { acronym: 'grpo', expansion: 'group relative policy optimization' },
      { acronym: '3dgs', expansion: '3d gaussian splatting' },
      { acronym: 'vlm', expansion: 'vision language model' },
      { acronym: 'moe', expansion: 'mixture of expert' },
    ]);
  });

  it('reads the last segment with words before the parenthesis, even when a mark ends it', () => {
    // "Large Language Models, (LLMs)": the comma ends the segment, whose words still spell the acronym; a
    // full stop before them keeps the sentence before out.
    expect(acronymDefinitions('Intro. Large Language Models, (LLMs) are used.')).toEqual([
      { acronym: 'llm', expansion: 'large language model' },
    ]);
    expect(acronymDefinitions('Large. (LM) here')).toEqual([]);
    expect(acronymDefinitions('(GRPO) first')).toEqual([]);
  });

  it('finds nothing when the letters do not match', () => {
    expect(acronymDefinitions('a totally unrelated phrase (XYZ) here')).toEqual([]);
  });

  it('merges an acronym with its dominant expansion only', () => {
    const paper = (abstract: string) => ({ id: abstract, title: '', abstract, categories: [], date: 0 });
    const aliases = acronymAliases([
      paper('Segment Anything Model (SAM) is used.'),
      paper('Segment Anything Model (SAM) again.'),
      paper('Sharpness Aware Minimization (SAM) once.'),
      paper('Group Relative Policy Optimization (GRPO) once.'),
    ]);
    expect([...aliases]).toEqual([['segment anything model', 'sam']]);
  });
});

describe('WordTable', () => {
  it('encodes words as ids with segment ends and hyphen joins', () => {
    const table = new WordTable();
    const ids = [...table.encode('feed-forward models. Models')];
    const model = table.lookup('model')!;
    expect(ids).toEqual([table.lookup('feed'), JOIN, table.lookup('forward'), model, SEP, model]);
    const qwen = [...table.encode('Qwen2.5-VL. 2. 5')];
    const [q, five, vl, two] = ['qwen2', '5', 'vl', '2'].map((k) => table.lookup(k));
    expect(qwen).toEqual([q, JOIN, five, JOIN, vl, SEP, two, SEP, five]);
  });

  it('knows which words are written like names', () => {
    const table = new WordTable();
    table.encode('GRPO beats grpo-free GRPO; the model');
    expect(table.isNameLike(table.lookup('grpo')!)).toBe(true);
    expect(table.isNameLike(table.lookup('model')!)).toBe(false);
    expect(table.canStart(table.lookup('the')!)).toBe(false);
    expect(table.canEnd(table.lookup('model')!, true)).toBe(true);
  });
});
