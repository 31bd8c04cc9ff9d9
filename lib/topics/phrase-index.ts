import { stemWord, type Token, words } from './text';

/**
 * Phrases compiled to token patterns and indexed by their first token, so tagging a paper is one pass
 * over its tokens with a Map lookup per token, whatever the size of the pack.
 *
 * The phrase language (pack data):
 * - words match on their stem ("Large Language Models" ~ "large language model");
 * - a phrase of one word matches only that word and its plural ("publications" is not "public",
 *   "Ising" is not "is"): Porter stems of lone words are too greedy; `~word` asks for the stem family;
 * - words in capitals (RL, LLMs, 3DGS) or with inner capitals (NeRF, mAP) match the paper's raw tokens
 *   case-sensitively, plural "s" allowed;
 * - `=word` matches that spelling in any case ("=agentic" is not "agent"); `*` is any one word.
 */

/** Pattern token kinds. */
export const STEM = 0;
export const ACRONYM = 1;
export const ANY = 2;
export const EXACT = 3;
export const INFLECTED = 4;

export interface Pattern {
  kinds: number[];
  values: string[];
}

/**
 * Patterns that start with the same token, split by their second token, so a common first word
 * ("multi", "LLM") does not mean trying dozens of patterns at every occurrence.
 */
export interface Bucket {
  single: number[] | undefined;
  nextStem: Map<string, number[]> | undefined;
  nextAcronym: Map<string, number[]> | undefined;
  nextAny: number[] | undefined;
}

/** A spelling seen in papers: its token (shared by every occurrence), match forms and buckets. */
export interface Word {
  token: Token;
  lower: string;
  singular: string;
  /** Keys under which it matches case-sensitive words: none without a capital. */
  acronyms: readonly string[];
  buckets: readonly Bucket[];
}

export interface PhraseIndex {
  patterns: Pattern[];
  byStem: Map<string, Bucket>;
  byAcronym: Map<string, Bucket>;
  /** Spelling of a paper's word -> its token and the buckets it opens; filled lazily. */
  byWord: Map<string, Word>;
}

/** A phrase found in a token list: tokens [start, end). */
export interface Hit {
  pattern: number;
  start: number;
  end: number;
}

/**
 * The case-sensitive form of a word, if it has one: capitals (and digits) only, like RL, 3DGS, or a capital
 * after the first letter, like NeRF, LoRA, mAP, ZeRO. A plural "s" after a capital is set aside (LLMs, NeRFs).
 */
function caseSensitiveForm(raw: string): string | undefined {
  const bare =
    raw.length > 2 && raw.endsWith('s') && isCapital(raw.charCodeAt(raw.length - 2)) ? raw.slice(0, -1) : raw;
  if (bare.length < 2 || bare === bare.toLowerCase()) return undefined;
  const allCapitals = bare === bare.toUpperCase();
  const innerCapital = bare.slice(1) !== bare.slice(1).toLowerCase();
  return allCapitals || innerCapital ? bare : undefined;
}

/** Lower case without an English plural ending: "studies" -> "study", "biases" -> "bias". */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:s|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

// Papers repeat their words; the index remembers each spelling it has seen, up to this many.
const WORD_CACHE_LIMIT = 100_000;

// A word of the phrase language: `*`, or letters and digits, optionally marked with `=` or `~`.
const PATTERN_WORD = /\*|[=~]?[\p{L}\p{N}]+/gu;

/** The pattern of one phrase, or undefined when it has no words or starts or ends with `*`. */
export function parsePattern(phrase: string): Pattern | undefined {
  const words = phrase.match(PATTERN_WORD) ?? [];
  const kinds: number[] = [];
  const values: string[] = [];
  for (const word of words) {
    const mark = word[0];
    const bare = mark === '=' || mark === '~' ? word.slice(1) : word;
    const acronym = mark === '=' || mark === '~' ? undefined : caseSensitiveForm(word);
    if (word === '*') {
      kinds.push(ANY);
      values.push('');
    } else if (mark === '=') {
      kinds.push(EXACT);
      values.push(bare.toLowerCase());
    } else if (acronym) {
      kinds.push(ACRONYM);
      values.push(acronym);
    } else if (words.length === 1 && mark !== '~') {
      kinds.push(INFLECTED);
      values.push(singular(bare));
    } else {
      kinds.push(STEM);
      values.push(stemWord(bare));
    }
  }
  if (kinds.length === 0 || kinds[0] === ANY || kinds[kinds.length - 1] === ANY) return undefined;
  return { kinds, values };
}

/** The index key of a pattern token: its stem (exact and inflected words are looked up by stem too). */
function lookupKey(kind: number, value: string): string {
  return kind === EXACT || kind === INFLECTED ? stemWord(value) : value;
}

function push(map: Map<string, number[]>, key: string, id: number) {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

const MARKS = ['', '#', '*', '=', '!'];

export function patternKey(p: Pattern): string {
  let key = '';
  for (let i = 0; i < p.values.length; i++) key += `${MARKS[p.kinds[i]!]}${p.values[i]} `;
  return key;
}

/** An empty index; patterns are added while the pack compiles, before any paper is scanned. */
export function createPhraseIndex(): PhraseIndex & { add(p: Pattern, key?: string): number } {
  const ids = new Map<string, number>();
  const index = {
    patterns: [] as Pattern[],
    byStem: new Map<string, Bucket>(),
    byAcronym: new Map<string, Bucket>(),
    byWord: new Map<string, Word>(),
    add(p: Pattern, key = patternKey(p)): number {
      const known = ids.get(key);
      if (known !== undefined) return known;
      const id = index.patterns.length;
      ids.set(key, id);
      index.patterns.push(p);
      const buckets = p.kinds[0] === ACRONYM ? index.byAcronym : index.byStem;
      const first = lookupKey(p.kinds[0]!, p.values[0]!);
      let bucket = buckets.get(first);
      if (!bucket) {
        // Parts are created on demand: most buckets hold a handful of patterns.
        bucket = { single: undefined, nextStem: undefined, nextAcronym: undefined, nextAny: undefined };
        buckets.set(first, bucket);
      }
      const kind = p.kinds[1];
      if (kind === undefined) {
        bucket.single ??= [];
        bucket.single.push(id);
      } else if (kind === ANY) {
        bucket.nextAny ??= [];
        bucket.nextAny.push(id);
      } else if (kind === ACRONYM) {
        bucket.nextAcronym ??= new Map();
        push(bucket.nextAcronym, p.values[1]!, id);
      } else {
        bucket.nextStem ??= new Map();
        push(bucket.nextStem, lookupKey(kind, p.values[1]!), id);
      }
      return id;
    },
  };
  return index;
}

function isCapital(code: number): boolean {
  return code >= 65 && code <= 90;
}

function hasCapital(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) if (isCapital(raw.charCodeAt(i))) return true;
  return false;
}

function wordMatches(kind: number, value: string, word: Word): boolean {
  switch (kind) {
    case STEM:
      return word.token.stem === value;
    case ACRONYM:
      return word.acronyms.includes(value);
    case EXACT:
      return word.lower === value;
    case INFLECTED:
      return word.singular === value;
    default:
      return true;
  }
}

function tryPatterns(
  index: PhraseIndex,
  ids: readonly number[] | undefined,
  words: readonly Word[],
  start: number,
  hits: Hit[],
) {
  if (!ids) return;
  for (const id of ids) {
    const p = index.patterns[id]!;
    const end = start + p.kinds.length;
    if (end > words.length) continue;
    let ok = true;
    for (let k = 0; k < p.kinds.length && ok; k++)
      ok = wordMatches(p.kinds[k]!, p.values[k]!, words[start + k]!);
    if (ok) hits.push({ pattern: id, start, end });
  }
}

function tryBucket(index: PhraseIndex, bucket: Bucket, words: readonly Word[], i: number, hits: Hit[]) {
  tryPatterns(index, bucket.single, words, i, hits);
  const next = words[i + 1];
  if (!next) return;
  if (bucket.nextStem) tryPatterns(index, bucket.nextStem.get(next.token.stem), words, i, hits);
  if (bucket.nextAcronym) {
    for (const acronym of next.acronyms) tryPatterns(index, bucket.nextAcronym.get(acronym), words, i, hits);
  }
  tryPatterns(index, bucket.nextAny, words, i, hits);
}

const longestFirst = (a: Hit, b: Hit) => b.end - a.end;

const NONE: readonly never[] = [];

/** A spelling's token, match forms and buckets, computed once: papers repeat their words. */
function wordOf(index: PhraseIndex, raw: string): Word {
  let word = index.byWord.get(raw);
  if (word === undefined) {
    const token = { raw, stem: stemWord(raw) };
    // Acronym keys: the spelling itself and, for a plural, its singular ("LLMs" -> LLM).
    const acronyms = hasCapital(raw) ? (raw.endsWith('s') ? [raw, raw.slice(0, -1)] : [raw]) : NONE;
    const buckets: Bucket[] = [];
    const byStem = index.byStem.get(token.stem);
    if (byStem) buckets.push(byStem);
    for (const acronym of acronyms) {
      const bucket = index.byAcronym.get(acronym);
      if (bucket) buckets.push(bucket);
    }
    word = {
      token,
      lower: raw.toLowerCase(),
      singular: singular(raw),
      acronyms,
      buckets: buckets.length ? buckets : NONE,
    };
    if (index.byWord.size >= WORD_CACHE_LIMIT) index.byWord.clear();
    index.byWord.set(raw, word);
  }
  return word;
}

/**
 * The tokens of a text (as `tokenize` makes them) and every occurrence of every indexed phrase in it
 * (overlaps included), in token order and, at one position, longest first. One map lookup per word.
 */
export function scanText(index: PhraseIndex, text: string): { tokens: Token[]; hits: Hit[] } {
  const found = words(text).map((raw) => wordOf(index, raw));
  const hits: Hit[] = [];
  for (let i = 0; i < found.length; i++) {
    const { buckets } = found[i]!;
    if (buckets.length === 0) continue;
    const before = hits.length;
    for (const bucket of buckets) tryBucket(index, bucket, found, i, hits);
    if (hits.length - before > 1) {
      const here = hits.splice(before).sort(longestFirst);
      for (const hit of here) hits.push(hit);
    }
  }
  return { tokens: found.map((w) => w.token), hits };
}
