import { wordCharWidth } from './word-chars';

/**
 * The one word splitter of PaperPulse: the tagger, the user-topic query language, the learned scorer of a
 * user topic, Emerging (lib/discover) and search (lib/search) all read a text's words through it, so the same
 * text gives the same words everywhere. Each keeps its own policy on top (stems for the tagger, stop words and
 * accent folding for search, segments and a plural fold for Emerging).
 *
 * A word is a maximal run of letters and digits of any script (`[\p{L}\p{N}]`) in the NFC form of the text:
 * - hyphens, en dashes, apostrophes, spaces of every kind and all punctuation split words
 *   ("state-of-the-art" is four words, "long–context" two, "GPT-4o" is "GPT", "4o");
 * - case is kept (`raw`): acronyms such as RL, GRPO, LLMs are case-sensitive in the pack;
 * - LaTeX is not interpreted: its markup is punctuation and its command names are words
 *   ("$\mathcal{O}(n)$" is "mathcal", "O", "n"), as the pack's phrases and the learned layer were built;
 * - a decomposed accent ("e" + U+0301) is composed first, so "naïve" and "Schrödinger" stay whole;
 *   CJK runs are one word each, emoji are no words.
 */

/**
 * The version of this splitting. Everything kept that was built from words records the version it was
 * built with and is built again when it differs: the search index (lib/search/search-state.ts), Emerging's
 * weekly counts (lib/store/emerging.ts) and a user topic's learned scorer (topics/scoring/topic-scorer.ts).
 * Change it with any change to what `words` returns.
 */
export const TOKENIZER_VERSION = 1;

const WORD = /[\p{L}\p{N}]+/gu;
const NON_ASCII = /[\u0080-\uffff]/;

/** The text words are read from: its NFC form (ASCII text is its own). Places of words index this text. */
export function normalizeText(text: string): string {
  // NFC first: a decomposed "é" (e + combining accent) would otherwise split the word in two.
  return NON_ASCII.test(text) ? text.normalize('NFC') : text;
}

/** The words of a text, in order. */
export function words(text: string): string[] {
  return normalizeText(text).match(WORD) ?? [];
}

// ASCII letters and digits: all that [\p{L}\p{N}] matches below 128.
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_WORD[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 0;
}

/** 0 when text[i] does not start a word character, else its length in UTF-16 units. */
function widthAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? ASCII_WORD[c]! : wordCharWidth(text, i);
}

/**
 * `words` as places: [start, end) of each word of `text`, which must be normalised (`normalizeText`).
 * A hand-written scan that slices no string, for loops over every word of a corpus.
 */
export function forEachWordSpan(text: string, visit: (start: number, end: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    let width = widthAt(text, i);
    if (width === 0) {
      i++;
      continue;
    }
    const start = i;
    do {
      i += width;
      width = i < n ? widthAt(text, i) : 0;
    } while (width > 0);
    visit(start, i);
  }
}

const MARKS = /\p{M}/gu;

/**
 * A word in its plain form, for lookups that ignore spelling details (search): lower case, accents and
 * compatibility forms folded ("Schrödinger" -> "schrodinger", "ﬁne" -> "fine").
 */
export function plainWord(word: string): string {
  if (!NON_ASCII.test(word)) return word.toLowerCase();
  return word.normalize('NFKD').replace(MARKS, '').toLowerCase();
}
