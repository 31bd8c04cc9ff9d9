import { describe, expect, it } from 'vitest';
import { parenthesisedWords } from '../../../lib/text/acronyms';
import { words } from '../../../lib/text/words';
import { createPhraseIndex, parsePattern } from '../../../lib/topics/matching/phrase-index';
import { phraseWords } from '../../../lib/topics/matching/phrase-pattern';
import { scanText } from '../../../lib/topics/matching/phrase-scan';

/**
 * The hand-written splitters (fast on ASCII, by code point elsewhere) against the regexes they stand
 * for, on thousands of random strings built from the characters that make splitting hard.
 */

const PIECES = [
  'a',
  'Z',
  '7',
  'LLM',
  'é',
  'e\u0301',
  'ﬁ',
  '𝟿',
  '𝑥',
  '\ud800',
  '\udc00',
  '\u0000',
  ' ',
  '-',
  '*',
  '=',
  '~',
  '(',
  ')',
  ',',
  ';',
  '’',
  'ß',
  'İ',
  '٣',
  '\u00a0',
  '\u200b',
  'ti:',
  '$',
];

function randomStrings(count: number, seed: number): string[] {
  let s = seed;
  // The high bits of the generator: its low bits repeat with a short period.
  const next = () => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s >>> 16;
  };
  return Array.from({ length: count }, () => {
    let text = '';
    for (let n = next() % 16; n > 0; n--) text += PIECES[next() % PIECES.length];
    return text;
  });
}

describe('splitters', () => {
  it('split phrases of the pack as /\\*|[=~]?[\\p{L}\\p{N}]+/gu does', () => {
    for (const text of randomStrings(5000, 1)) {
      expect(phraseWords(text), JSON.stringify(text)).toEqual(text.match(/\*|[=~]?[\p{L}\p{N}]+/gu) ?? []);
    }
  });

  it("split a paper's text as tokenize does, NFC first", () => {
    const index = createPhraseIndex();
    index.add(parsePattern('agent')!);
    for (const text of randomStrings(3000, 2)) {
      expect(
        scanText(index, text).tokens.map((t) => t.raw),
        JSON.stringify(text),
      ).toEqual(words(text));
    }
  });

  it('find parenthesised words as /\\(([\\p{L}\\p{N}]{2,16})[),;]/gu does', () => {
    const regex = /\(([\p{L}\p{N}]{2,16})[),;]/gu;
    for (const text of randomStrings(5000, 3)) {
      expect(parenthesisedWords(text), JSON.stringify(text)).toEqual(
        [...text.matchAll(regex)].map((m) => m[1]),
      );
    }
    expect(parenthesisedWords(`(${'A'.repeat(16)}) (${'A'.repeat(17)}) (B) (CD;`)).toEqual([
      'A'.repeat(16),
      'CD',
    ]);
  });
});
