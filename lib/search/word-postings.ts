import { stemWord } from '../text/tokens';
import { plainWord } from '../text/words';
import { RAW } from '../topics/reach-phrases';
import { bucketOf, MAX_TERM, STOPWORDS } from './search-tokens';

/**
 * The search index keeps words in their plain form (search-tokens.ts); the tagger's reach (lib/topics/
 * reach-words.ts) asks for stems, or for an acronym's case-sensitive spelling (RAW + the spelling). Here is
 * where the index's terms of such a word are: which buckets can hold them, and which terms are it.
 */

/** Stems longer than this could come from words the index cuts (a stem drops up to 8 characters). */
const MAX_STEM = MAX_TERM - 8;

/** The stems of the words the index leaves out: a paper may hold such a stem only as a left-out word. */
let stopStems: Set<string> | undefined;

/**
 * Where the terms of `word` are, as buckets (`prefix`: every bucket starting so), or undefined when the index
 * cannot list the papers holding it (left out, cut, not plain ASCII, a one-letter stem).
 */
export function wordBuckets(word: string): { bucket: string; prefix: boolean }[] | undefined {
  if (word.startsWith(RAW)) {
    const term = plainWord(word.slice(RAW.length));
    if (!/^[a-z0-9]+$/.test(term) || term.length > MAX_TERM || STOPWORDS.has(term)) return undefined;
    return [{ bucket: bucketOf(term), prefix: false }];
  }
  stopStems ??= new Set([...STOPWORDS].map(stemWord));
  if (!/^[a-z0-9]{2,}$/.test(word) || word.length > MAX_STEM || stopStems.has(word)) return undefined;
  // A stem keeps its word's first characters, but for a last "y" turned "i" ("may" -> "mai", "ayed" -> "ai").
  const starts = [word.slice(0, 3)];
  if (word.length <= 3 && word.endsWith('i')) starts.push(`${starts[0]!.slice(0, -1)}y`);
  return starts.map((start) => ({ bucket: start, prefix: start.length < 3 }));
}

/** Whether an indexed term is a spelling of `word` (one of wordBuckets' buckets holds it). */
export function termIsWord(term: string, word: string): boolean {
  return word.startsWith(RAW) ? term === plainWord(word.slice(RAW.length)) : stemWord(term) === word;
}
