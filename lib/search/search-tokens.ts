import { plainWord, words } from '../text/words';

/**
 * The words the search index keeps for a paper and looks up for a query: the words of lib/text/words.ts (as
 * the tagger and Emerging split them) in their plain form (lower case, accents folded: "Schrödinger" =
 * "schrodinger"), common English function words left out (half of an abstract's words, in every paper: their
 * postings would cost more than all the others and rank nothing).
 * Changing any of this changes what the stored index holds: bump SEARCH_FORMAT (./search-state.ts) so a
 * stored index is built again with the new words (a change to the splitting itself changes
 * TOKENIZER_VERSION, which does the same).
 */

export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by can do does for from had has have how however if in into is it its ' +
    'may more most not of on or our over so such than that the their then there these they this those ' +
    'through thus to under up upon via was we were what when where which while who whose why will with ' +
    'within without would yet'
  ).split(' '),
);

/** Longer runs (a URL, a DNA string) are cut: nobody types them, and keys stay short. */
export const MAX_TERM = 32;

/** Field weights of a paper's words, as MiniSearch boosted them before: a title word counts three times. */
export const FIELD_WEIGHT = { title: 3, authors: 2, abstract: 1 } as const;

/** The index terms of a text, in order, repeats kept. */
export function searchTerms(text: string): string[] {
  const out: string[] = [];
  for (const raw of words(text)) {
    const word = plainWord(raw);
    if (word.length > 0 && !STOPWORDS.has(word))
      out.push(word.length > MAX_TERM ? word.slice(0, MAX_TERM) : word);
  }
  return out;
}

/** What a paper contributes to the index: weighted term frequencies and its length (for BM25). */
export interface DocTerms {
  /** term -> title, author and abstract occurrences weighted by FIELD_WEIGHT. */
  weights: Map<string, number>;
  /** Terms in title, abstract and authors together. */
  length: number;
}

export function docTerms(paper: { title: string; abstract: string; authors: readonly string[] }): DocTerms {
  const weights = new Map<string, number>();
  let length = 0;
  const add = (text: string, weight: number) => {
    for (const term of searchTerms(text)) {
      weights.set(term, (weights.get(term) ?? 0) + weight);
      length++;
    }
  };
  add(paper.title, FIELD_WEIGHT.title);
  add(paper.authors.join(' '), FIELD_WEIGHT.authors);
  add(paper.abstract, FIELD_WEIGHT.abstract);
  return { weights, length };
}

/**
 * The bucket a term's postings are kept in: its first three characters. A query term reads one bucket per
 * block (a prefix shorter than three reads the few buckets it starts).
 */
export function bucketOf(term: string): string {
  return term.slice(0, 3);
}
