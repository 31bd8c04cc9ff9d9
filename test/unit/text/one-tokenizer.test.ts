import { describe, expect, it } from 'vitest';
import { foldWord, segments } from '../../../lib/discover/tokens';
import { JOIN, SEP, WordTable } from '../../../lib/discover/word-table';
import { seededRandom } from '../../../lib/random';
import { searchTerms } from '../../../lib/search/search-tokens';
import { forEachWordSpan, normalizeText, plainWord, words } from '../../../lib/text/words';
import { loadPack } from '../../../lib/topics/load-pack';
import { scanText } from '../../../lib/topics/matching/phrase-scan';
import { fieldIndex, prepareText } from '../../../lib/topics/query/prepare-text';
import { scorerFeatures } from '../../../lib/topics/scoring/topic-scorer';

/**
 * One splitter (issue 39 item 1): the same text gives the same words in the tagger (its fast path over the
 * pack's word table), the query language (a prepared paper), the learned scorer of a user topic, Emerging
 * (segments and encoded texts) and search (index terms), each with only its own policy on top.
 */

/** Hard texts and the words lib/text/words.ts makes of them. */
const HARD: [string, string[]][] = [
  ['long-context reasoning', ['long', 'context', 'reasoning']],
  ['state-of-the-art results', ['state', 'of', 'the', 'art', 'results']],
  ['in $\\mathcal{O}(n)$ time', ['in', 'mathcal', 'O', 'n', 'time']],
  ['\\textit{x} and \\emph{Agents}', ['textit', 'x', 'and', 'emph', 'Agents']],
  ['LLMs with RLHF beat GPT-4o.', ['LLMs', 'with', 'RLHF', 'beat', 'GPT', '4o']],
  ['a naïve Schrödinger bridge', ['a', 'naïve', 'Schrödinger', 'bridge']],
  // Decomposed accents (e + U+0301, i + U+0308) are composed first.
  ['nai\u0308ve Schro\u0308dinger', ['naïve', 'Schrödinger']],
  ['大语言模型 的 推理', ['大语言模型', '的', '推理']],
  ['🚀 rocket-fast 🤖agents', ['rocket', 'fast', 'agents']],
  ['large\u00a0language\u202fmodels', ['large', 'language', 'models']],
  ['vision–language–action (VLA) models', ['vision', 'language', 'action', 'VLA', 'models']],
  ['Qwen2.5-VL and 3DGS', ['Qwen2', '5', 'VL', 'and', '3DGS']],
  ['the model’s ﬁne-tuning', ['the', 'model', 's', 'ﬁne', 'tuning']],
  ['𝑥-axis, zero\u200bwidth', ['𝑥', 'axis', 'zero', 'width']],
];

const pack = loadPack();

/** The tagger's words: its one-pass scan over the pack's word table (paper-words.ts, its fast path). */
const taggerWords = (text: string) => scanText(pack.index, text).tokens.map((t) => t.raw);

/** The query language's words: a prepared paper's title, as a user topic's query reads it. */
const queryWords = (text: string) =>
  fieldIndex(prepareText({ title: text, abstract: '', categories: [] }), 'title', { steps: 0 }).tokens.map(
    (t) => t.raw,
  );

/** Emerging's words: its segments, each word cut from the (normalised) text where it says it is. */
const discoveryWords = (text: string) => {
  const composed = normalizeText(text);
  return segments(text)
    .flat()
    .map((w) => composed.slice(w.start, w.end));
};

/** Emerging's encoded text (what its counts are kept from): the folded word of each id. */
const encodedKeys = (text: string) => {
  const table = new WordTable();
  return [...table.encode(text)].filter((id) => id !== SEP && id !== JOIN).map((id) => table.keys[id]);
};

/** The word places of lib/text/words.ts, as text. */
const spanWords = (text: string) => {
  const composed = normalizeText(text);
  const out: string[] = [];
  forEachWordSpan(composed, (start, end) => out.push(composed.slice(start, end)));
  return out;
};

/** Unigram features of the learned scorer (its pairs have a space). */
const scorerWords = (text: string) =>
  [...scorerFeatures({ title: '', abstract: text }).keys()].filter((f) => !f.includes(' '));

function expectSameWords(text: string, expected: string[]) {
  const label = JSON.stringify(text);
  expect(words(text), label).toEqual(expected);
  expect(spanWords(text), label).toEqual(expected);
  expect(taggerWords(text), label).toEqual(expected);
  expect(queryWords(text), label).toEqual(expected);
  expect(discoveryWords(text), label).toEqual(expected);
  expect(encodedKeys(text), label).toEqual(expected.map(foldWord));
  // Search and the scorer drop words (stop words, numbers) by their policy; split word by word, the text
  // gives the same terms as split whole, so they cut it where the others do.
  expect(searchTerms(text), label).toEqual(expected.flatMap((w) => searchTerms(w)));
  expect(searchTerms(text), label).toEqual(expected.map(plainWord).filter((w) => searchTerms(w).length > 0));
  expect(scorerWords(text).sort(), label).toEqual([...new Set(expected.flatMap(scorerWords))].sort());
}

describe('one tokenizer: the same words in the tagger, the query language, the scorer, Emerging and search', () => {
  it.each(HARD)('%j', (text, expected) => {
    expectSameWords(text, expected);
  });

  it('gives search the plain form of the same words', () => {
    expect(searchTerms('a naïve Schrödinger ﬁne-tuning of LLMs')).toEqual([
      'naive',
      'schrodinger',
      'fine',
      'tuning',
      'llms',
    ]);
  });

  it('agrees on random texts built from the pieces that make splitting hard', () => {
    const pieces = [
      'a',
      'Z',
      '7',
      'LLMs',
      'é',
      'e\u0301',
      'ﬁ',
      '𝑥',
      '大',
      '🚀',
      '\ud800',
      ' ',
      '-',
      '–',
      '.',
      '(',
      ')',
      ',',
      '’',
      '\\',
      '$',
      '{',
      '\u00a0',
      '\u200b',
      'ß',
      'İ',
      '٣',
    ];
    const random = seededRandom(39);
    for (let n = 0; n < 400; n++) {
      let text = '';
      for (let k = Math.floor(random() * 14); k > 0; k--)
        text += pieces[Math.floor(random() * pieces.length)];
      const expected = text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
      expectSameWords(text, expected);
    }
  });
});
