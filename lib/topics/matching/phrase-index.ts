import { stemWord } from '../../text/tokens';
import { ANY, EXACT, INFLECTED, type Pattern } from './phrase-pattern';
import { buildScanTables, type CandidateLists, pairHash, type ScanTables } from './scan-tables';
import { StringTable, WordTable } from './word-table';

export { ACRONYM, ANY, EXACT, INFLECTED, type Pattern, parsePattern, STEM, singular } from './phrase-pattern';

/**
 * Phrases compiled to token patterns and indexed by their first token, so tagging a paper is one pass
 * over its words with a lookup per word, whatever the size of the pack.
 *
 * Strings are compared once, when a spelling is first seen: every value a pattern compares with (a stem,
 * a lower-case spelling, a singular, a case-sensitive key) has a number in `forms`, and so do the forms
 * of each spelling in the word table; matching compares numbers. Stem keys are lower case and
 * case-sensitive keys have a capital, so one form number never serves as both.
 *
 * Patterns that start with the same token share a bucket, split into candidate lists by their second
 * token: none, `*`, or a key (the form of its stem or case-sensitive spelling), so a common first word
 * ("multi", "LLM") does not mean trying dozens of patterns at every occurrence.
 */

export interface PhraseIndex extends CandidateLists {
  patternCount: number;
  /** Pattern tokens, flat: pattern p is tokens [starts[p], starts[p + 1]) of `kinds` and `values`. */
  starts: number[];
  kinds: number[];
  /** Form numbers (-1 for `*`). */
  values: number[];
  /**
   * Every string a pattern compares with or is looked up by. Data (FORM_STRIDE numbers): the bucket it
   * opens as a first key, and for the value of an exact or inflected word, the form of its stem key.
   */
  forms: StringTable;
  /** Per bucket: its one-word list and its `*`-second list (-1: none). */
  singleList: number[];
  anyList: number[];
  /** (bucket, second key form) -> list; stride 3: bucket + 1 (0: empty), form, list. */
  pairs: Int32Array;
  pairCount: number;
  /** Candidate lists as chains of pattern ids, in the order they were added. */
  listHead: number[];
  listTail: number[];
  nextInList: number[];
  /** Spellings seen in papers, with their forms and buckets; filled lazily while scanning. */
  words: WordTable;
  /** The lists as the scanner reads them; built after the last pattern is added (`scanTables`). */
  tables: ScanTables | undefined;
  /** Words as written in the pack, parsed once (see phrase-add.ts); made by the first phrase added. */
  written: StringTable | undefined;
  /** Adds a parsed pattern (or finds the same one added before) and returns its id. */
  add(p: Pattern): number;
}

export const FORM_STRIDE = 2;
export const F_BUCKET = 0;
export const F_STEM_KEY = 1;

/** An empty index; patterns are added while the pack compiles, before papers are scanned. */
export function createPhraseIndex(): PhraseIndex {
  const index: PhraseIndex = {
    patternCount: 0,
    starts: [0],
    kinds: [],
    values: [],
    forms: new StringTable(FORM_STRIDE),
    singleList: [],
    anyList: [],
    pairs: new Int32Array(1024 * 3),
    pairCount: 0,
    listHead: [],
    listTail: [],
    nextInList: [],
    words: new WordTable(),
    tables: undefined,
    written: undefined,
    add: (p) => addParsed(index, p),
  };
  return index;
}

/** The bucket a word opens as the first word of a phrase (-1: none), by its key. */
export function bucketOfKey(index: PhraseIndex, key: string): number {
  const form = index.forms.get(key);
  return form < 0 ? -1 : index.forms.data[form * FORM_STRIDE + F_BUCKET]!;
}

function newList(index: PhraseIndex): number {
  index.listHead.push(-1);
  index.listTail.push(-1);
  return index.listHead.length - 1;
}

/** The list of (bucket, second key form), created if new. */
function pairList(index: PhraseIndex, bucket: number, form: number): number {
  let { pairs } = index;
  let mask = pairs.length / 3 - 1;
  let s = pairHash(bucket, form) & mask;
  for (; pairs[s * 3] !== 0; s = (s + 1) & mask) {
    if (pairs[s * 3] === bucket + 1 && pairs[s * 3 + 1] === form) return pairs[s * 3 + 2]!;
  }
  if (2 * (index.pairCount + 1) > mask + 1) {
    const old = pairs;
    pairs = new Int32Array(old.length * 2);
    mask = pairs.length / 3 - 1;
    for (let at = 0; at < old.length; at += 3) {
      if (old[at] === 0) continue;
      let t = pairHash(old[at]! - 1, old[at + 1]!) & mask;
      while (pairs[t * 3] !== 0) t = (t + 1) & mask;
      pairs.set(old.subarray(at, at + 3), t * 3);
    }
    index.pairs = pairs;
    s = pairHash(bucket, form) & mask;
    while (pairs[s * 3] !== 0) s = (s + 1) & mask;
  }
  const list = newList(index);
  pairs[s * 3] = bucket + 1;
  pairs[s * 3 + 1] = form;
  pairs[s * 3 + 2] = list;
  index.pairCount++;
  return list;
}

/** The candidate list for a pattern with this first key and second token (kind, key form). */
function listFor(
  index: PhraseIndex,
  firstKey: number,
  secondKind: number | undefined,
  secondKey: number,
): number {
  let bucket = index.forms.data[firstKey * FORM_STRIDE + F_BUCKET]!;
  if (bucket < 0) {
    bucket = index.singleList.length;
    index.singleList.push(-1);
    index.anyList.push(-1);
    index.forms.data[firstKey * FORM_STRIDE + F_BUCKET] = bucket;
  }
  if (secondKind === undefined) {
    if (index.singleList[bucket]! < 0) index.singleList[bucket] = newList(index);
    return index.singleList[bucket]!;
  }
  if (secondKind === ANY) {
    if (index.anyList[bucket]! < 0) index.anyList[bucket] = newList(index);
    return index.anyList[bucket]!;
  }
  return pairList(index, bucket, secondKey);
}

// One phrase's tokens while it is added (phrases are added one at a time).
export const tokenKinds: number[] = [];
export const tokenForms: number[] = [];

function sameTokens(index: PhraseIndex, id: number, length: number): boolean {
  const start = index.starts[id]!;
  if (index.starts[id + 1]! - start !== length) return false;
  for (let k = 0; k < length; k++) {
    if (index.kinds[start + k] !== tokenKinds[k] || index.values[start + k] !== tokenForms[k]) return false;
  }
  return true;
}

/** Adds the pattern of the first `length` scratch tokens, or finds the same one, and returns its id. */
export function addTokens(index: PhraseIndex, length: number, firstKey: number, secondKey: number): number {
  const list = listFor(index, firstKey, length > 1 ? tokenKinds[1] : undefined, secondKey);
  // The same pattern written twice ("language model", "language models") lands in the same list.
  for (let known = index.listHead[list]!; known >= 0; known = index.nextInList[known]!) {
    if (sameTokens(index, known, length)) return known;
  }
  const id = index.patternCount++;
  for (let k = 0; k < length; k++) {
    index.kinds.push(tokenKinds[k]!);
    index.values.push(tokenForms[k]!);
  }
  index.starts.push(index.kinds.length);
  index.nextInList.push(-1);
  if (index.listHead[list]! < 0) index.listHead[list] = id;
  else index.nextInList[index.listTail[list]!] = id;
  index.listTail[list] = id;
  // Spellings seen so far were resolved against the old patterns.
  if (index.words.count > 0) index.words.clear();
  index.tables = undefined;
  return id;
}

/**
 * The form of a token's value, and of the key it is looked up by: the stem of an exact or inflected
 * word (remembered beside the value, so a compiled pack need not stem again), else the value itself.
 */
export function valueForm(index: PhraseIndex, kind: number, value: string): number {
  if (kind === ANY) return -1;
  const form = index.forms.intern(value);
  if (kind === EXACT || kind === INFLECTED) {
    index.forms.data[form * FORM_STRIDE + F_STEM_KEY] = index.forms.intern(stemWord(value));
  }
  return form;
}

export function keyForm(index: PhraseIndex, kind: number, form: number): number {
  return kind === EXACT || kind === INFLECTED ? index.forms.data[form * FORM_STRIDE + F_STEM_KEY]! : form;
}

function addParsed(index: PhraseIndex, p: Pattern): number {
  const n = p.kinds.length;
  for (let k = 0; k < n; k++) {
    tokenKinds[k] = p.kinds[k]!;
    tokenForms[k] = valueForm(index, p.kinds[k]!, p.values[k]!);
  }
  const secondKey = n > 1 && tokenKinds[1] !== ANY ? keyForm(index, tokenKinds[1]!, tokenForms[1]!) : -1;
  return addTokens(index, n, keyForm(index, tokenKinds[0]!, tokenForms[0]!), secondKey);
}

/** The scanner's tables, built on first use after patterns were added. */
export function scanTables(index: PhraseIndex): ScanTables {
  index.tables ??= buildScanTables(index);
  return index.tables;
}
