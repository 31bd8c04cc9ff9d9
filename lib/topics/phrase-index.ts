import { ACRONYM, ANY, EXACT, INFLECTED, type Pattern } from './phrase-pattern';
import { buildScanTables, type ScanTables } from './scan-tables';
import { stemWord } from './text';
import { WordTable } from './word-table';

export { ACRONYM, ANY, EXACT, INFLECTED, type Pattern, parsePattern, STEM, singular } from './phrase-pattern';

/**
 * Phrases compiled to token patterns and indexed by their first token, so tagging a paper is one pass
 * over its words with a lookup per word, whatever the size of the pack.
 *
 * Strings are compared once, when a spelling is first seen: every value a pattern compares against (a
 * stem, a lower-case spelling, a singular, a case-sensitive key) has a number in `forms`, and so do the
 * forms of each spelling in the word table; matching compares numbers.
 */

/**
 * Patterns that start with the same token, split by their second token, so a common first word
 * ("multi", "LLM") does not mean trying dozens of patterns at every occurrence. Second-token maps are
 * keyed by form numbers (the second word's stem, or its case-sensitive key).
 */
export interface Bucket {
  single: number[] | undefined;
  nextStem: Map<number, number[]> | undefined;
  nextAcronym: Map<number, number[]> | undefined;
  nextAny: number[] | undefined;
}

export interface PhraseIndex {
  /** The patterns as parsed, by id. */
  patterns: Pattern[];
  /** Pattern tokens, flat: pattern p is tokens [starts[p], starts[p + 1]) of `kinds` and `values`. */
  starts: number[];
  kinds: number[];
  /** Form numbers (-1 for `*`). */
  values: number[];
  /** Every string a pattern compares with or is looked up by -> its form number. */
  forms: Map<string, number>;
  /** First-token key -> bucket number. */
  byStem: Map<string, number>;
  byAcronym: Map<string, number>;
  buckets: Bucket[];
  /** Spellings seen in papers, with their forms and buckets; filled lazily while scanning. */
  words: WordTable;
  /** The buckets as the scanner reads them; built after the last `add` (see `scanTables`). */
  tables: ScanTables | undefined;
  /** Adds a pattern (or finds the same one added before) and returns its id. */
  add(p: Pattern): number;
}

/** The key a pattern token is looked up by: its stem (exact and inflected words are bucketed by stem). */
function lookupKey(kind: number, value: string): string {
  return kind === EXACT || kind === INFLECTED ? stemWord(value) : value;
}

function samePattern(a: Pattern, b: Pattern): boolean {
  if (a.kinds.length !== b.kinds.length) return false;
  for (let k = 0; k < a.kinds.length; k++) {
    if (a.kinds[k] !== b.kinds[k] || a.values[k] !== b.values[k]) return false;
  }
  return true;
}

/** An empty index; patterns are added while the pack compiles, before papers are scanned. */
export function createPhraseIndex(): PhraseIndex {
  const index: PhraseIndex = {
    patterns: [],
    starts: [0],
    kinds: [],
    values: [],
    forms: new Map(),
    byStem: new Map(),
    byAcronym: new Map(),
    buckets: [],
    words: new WordTable(),
    tables: undefined,
    add: (p) => addPattern(index, p),
  };
  return index;
}

function form(index: PhraseIndex, value: string): number {
  let id = index.forms.get(value);
  if (id === undefined) {
    id = index.forms.size;
    index.forms.set(value, id);
  }
  return id;
}

function bucketOf(index: PhraseIndex, p: Pattern): Bucket {
  const byFirst = p.kinds[0] === ACRONYM ? index.byAcronym : index.byStem;
  const first = lookupKey(p.kinds[0]!, p.values[0]!);
  let b = byFirst.get(first);
  if (b === undefined) {
    b = index.buckets.length;
    // Parts are created on demand: most buckets hold a handful of patterns.
    index.buckets.push({
      single: undefined,
      nextStem: undefined,
      nextAcronym: undefined,
      nextAny: undefined,
    });
    byFirst.set(first, b);
  }
  return index.buckets[b]!;
}

function listOf(map: Map<number, number[]>, key: number): number[] {
  let list = map.get(key);
  if (list === undefined) {
    list = [];
    map.set(key, list);
  }
  return list;
}

/** The list a pattern belongs in: by its second token (none, `*`, a case-sensitive key or a stem). */
function listFor(index: PhraseIndex, p: Pattern): number[] {
  const bucket = bucketOf(index, p);
  const second = p.kinds[1];
  if (second === undefined) {
    bucket.single ??= [];
    return bucket.single;
  }
  if (second === ANY) {
    bucket.nextAny ??= [];
    return bucket.nextAny;
  }
  if (second === ACRONYM) {
    bucket.nextAcronym ??= new Map();
    return listOf(bucket.nextAcronym, form(index, p.values[1]!));
  }
  bucket.nextStem ??= new Map();
  return listOf(bucket.nextStem, form(index, lookupKey(second, p.values[1]!)));
}

function addPattern(index: PhraseIndex, p: Pattern): number {
  const list = listFor(index, p);
  // The same pattern written twice ("language model", "language models") lands in the same list.
  for (const known of list) if (samePattern(index.patterns[known]!, p)) return known;

  const id = index.patterns.length;
  index.patterns.push(p);
  for (let k = 0; k < p.kinds.length; k++) {
    index.kinds.push(p.kinds[k]!);
    index.values.push(p.kinds[k] === ANY ? -1 : form(index, p.values[k]!));
  }
  index.starts.push(index.kinds.length);
  list.push(id);
  // Spellings seen so far were resolved against the old patterns.
  if (index.words.count > 0) index.words.clear();
  index.tables = undefined;
  return id;
}

/** The scanner's tables, built on first use after patterns were added. */
export function scanTables(index: PhraseIndex): ScanTables {
  index.tables ??= buildScanTables(
    index.buckets,
    index.patterns.length,
    index.starts,
    index.kinds,
    index.values,
  );
  return index.tables;
}
