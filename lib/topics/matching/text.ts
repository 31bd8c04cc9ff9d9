import { stemmer } from 'stemmer';

/**
 * One normalisation for the tagger and the user-topic query language, so a phrase in the pack, a word
 * in a query and a word in an abstract meet in the same form.
 *
 * A token keeps its original spelling (`raw`, for case-sensitive acronyms like RL, GRPO, 3DGS) and its
 * stem (`stem`: lower case, Porter-stemmed, so "agents"/"agentic" and "models"/"modeling" meet).
 * Hyphens split words ("on-policy" == "on policy"); LaTeX markup and punctuation are dropped.
 */

export interface Token {
  raw: string;
  stem: string;
}

// Letters and digits, keeping internal apostrophes out; Unicode-aware so "Schrödinger" stays whole.
const WORD = /[\p{L}\p{N}]+/gu;
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 200_000;

export function stemWord(word: string): string {
  const lower = word.toLowerCase();
  let stem = stemCache.get(lower);
  if (stem === undefined) {
    // Digits-only and very short words are kept as they are: "3d", "2", "rl".
    stem = lower.length <= 2 || /^\p{N}+$/u.test(lower) ? lower : stemmer(lower);
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stemCache.set(lower, stem);
  }
  return stem;
}

/** The words of a text, as `tokenize` splits them (NFC-normalised; letters and digits). */
export function words(text: string): string[] {
  // NFC first: a decomposed "é" (e + combining accent) would otherwise split the word in two.
  const composed = /[\u0080-\uffff]/.test(text) ? text.normalize('NFC') : text;
  return composed.match(WORD) ?? [];
}

export function tokenize(text: string): Token[] {
  return words(text).map((raw) => ({ raw, stem: stemWord(raw) }));
}

/** Stems of a phrase, joined by single spaces: the key under which phrases are matched. */
export function phraseKey(phrase: string): string {
  return tokenize(phrase)
    .map((t) => t.stem)
    .join(' ');
}
