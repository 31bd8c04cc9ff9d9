import { stemmer } from 'stemmer';
import { words } from './words';

/**
 * Words with their stems, for the tagger, the query language and the learned layer, so a phrase in the
 * pack, a word in a query and a word in an abstract meet in the same form.
 *
 * A token keeps its original spelling (`raw`, for case-sensitive acronyms like RL, GRPO, 3DGS) and its
 * stem (`stem`: lower case, Porter-stemmed, so "agents"/"agentic" and "models"/"modeling" meet).
 * Words are split by ./words.ts ("on-policy" == "on policy").
 */

export interface Token {
  raw: string;
  stem: string;
}

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

export function tokenize(text: string): Token[] {
  return words(text).map((raw) => ({ raw, stem: stemWord(raw) }));
}

/** Stems of a phrase, joined by single spaces: the key under which phrases are matched. */
export function phraseKey(phrase: string): string {
  return tokenize(phrase)
    .map((t) => t.stem)
    .join(' ');
}
