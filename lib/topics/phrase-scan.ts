import { F_BUCKET, FORM_STRIDE, type PhraseIndex, scanTables } from './phrase-index';
import { ACRONYM, ANY, EXACT, INFLECTED, isCapital, STEM, singular } from './phrase-pattern';
import { findPair, type ScanTables } from './scan-tables';
import { stemWord, type Token } from './text';
import { wordCharWidth } from './word-chars';
import {
  HASH_PRIME,
  HASH_SEED,
  STRIDE,
  W_ACRONYM,
  W_ACRONYM_BARE,
  W_BUCKET,
  W_LOWER,
  W_SINGULAR,
  W_STEM,
  type WordTable,
} from './word-table';

/**
 * One pass over a text: its words (as `tokenize` splits them, as ids in the index's word table) and every
 * occurrence of every indexed phrase (overlaps included), in word order and, at one position, longest
 * first. Results go to a reusable `FieldScan` of flat arrays: a paper allocates nothing per word.
 */

export class FieldScan {
  words: Int32Array<ArrayBuffer> = new Int32Array(512);
  wordCount = 0;
  hitPattern = new Int32Array(128);
  hitStart = new Int32Array(128);
  hitEnd = new Int32Array(128);
  hitCount = 0;

  pushHit(pattern: number, start: number, end: number) {
    const n = this.hitCount++;
    if (n === this.hitPattern.length) {
      this.hitPattern = grown(this.hitPattern);
      this.hitStart = grown(this.hitStart);
      this.hitEnd = grown(this.hitEnd);
    }
    this.hitPattern[n] = pattern;
    this.hitStart[n] = start;
    this.hitEnd[n] = end;
  }
}

function grown(a: Int32Array<ArrayBuffer>, size = a.length * 2): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

// ASCII letters and digits: all that [\p{L}\p{N}] matches below 128.
const WORD_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  WORD_CHAR[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 0;
}
/** The forms and buckets of a spelling seen for the first time. */
function addWord(index: PhraseIndex, raw: string, hash: number): number {
  const table = index.words;
  const id = table.add(raw, hash);
  const { forms } = index;
  const stem = stemWord(raw);
  const at = id * STRIDE;
  const data = table.data;
  const stemForm = forms.get(stem);
  data[at + W_STEM] = stemForm;
  data[at + W_LOWER] = forms.get(raw.toLowerCase());
  data[at + W_SINGULAR] = forms.get(singular(raw));
  data[at + W_ACRONYM] = -1;
  data[at + W_ACRONYM_BARE] = -1;
  let b = at + W_BUCKET;
  data[b] = data[b + 1] = data[b + 2] = -1;
  const stemBucket = stemForm < 0 ? -1 : forms.data[stemForm * FORM_STRIDE + F_BUCKET]!;
  if (stemBucket >= 0) data[b++] = stemBucket;
  let capital = false;
  for (let i = 0; i < raw.length && !capital; i++) capital = isCapital(raw.charCodeAt(i));
  if (capital) {
    // Case-sensitive keys: the spelling itself and, for a plural, its singular ("LLMs" -> LLM).
    const keys = raw.endsWith('s') ? [raw, raw.slice(0, -1)] : [raw];
    keys.forEach((key, k) => {
      const form = forms.get(key);
      data[at + W_ACRONYM + k] = form;
      const bucket = form < 0 ? -1 : forms.data[form * FORM_STRIDE + F_BUCKET]!;
      if (bucket >= 0) data[b++] = bucket;
    });
  }
  return id;
}

function wordId(index: PhraseIndex, text: string, start: number, end: number, hash: number): number {
  const id = index.words.find(text, start, end, hash);
  return id >= 0 ? id : addWord(index, text.slice(start, end), hash);
}

/**
 * Splits `text` into word ids, as `words` in text.ts does (runs of [\p{L}\p{N}] in the NFC form).
 * ASCII, the common case, is read with a table; the first other character sends the caller to NFC.
 */
function splitAscii(index: PhraseIndex, text: string, out: FieldScan): boolean {
  const n = text.length;
  const words = out.words;
  let count = 0;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (c >= 128) return false;
    if (WORD_CHAR[c] === 0) {
      i++;
      continue;
    }
    const start = i;
    let h = HASH_SEED;
    do {
      h = Math.imul(h ^ c, HASH_PRIME);
      c = ++i < n ? text.charCodeAt(i) : 0;
    } while (c < 128 && WORD_CHAR[c] === 1);
    if (c >= 128) return false;
    words[count++] = wordId(index, text, start, i, h);
  }
  out.wordCount = count;
  return true;
}

/** The same over NFC text with other characters: a decomposed "é" would otherwise split a word. */
function splitUnicode(index: PhraseIndex, text: string, out: FieldScan) {
  const composed = text.normalize('NFC');
  if (out.words.length <= composed.length >> 1) out.words = new Int32Array((composed.length >> 1) + 1);
  const n = composed.length;
  const words = out.words;
  let count = 0;
  let i = 0;
  while (i < n) {
    let width = wordCharWidth(composed, i);
    if (width === 0) {
      i++;
      continue;
    }
    const start = i;
    let h = HASH_SEED;
    do {
      for (const end = i + width; i < end; i++) h = Math.imul(h ^ composed.charCodeAt(i), HASH_PRIME);
      width = i < n ? wordCharWidth(composed, i) : 0;
    } while (width > 0);
    words[count++] = wordId(index, composed, start, i, h);
  }
  out.wordCount = count;
}

function matches(kind: number, value: number, data: Int32Array, at: number): boolean {
  switch (kind) {
    case STEM:
      return data[at + W_STEM] === value;
    case ACRONYM:
      return data[at + W_ACRONYM] === value || data[at + W_ACRONYM_BARE] === value;
    case EXACT:
      return data[at + W_LOWER] === value;
    case INFLECTED:
      return data[at + W_SINGULAR] === value;
    default:
      return kind === ANY;
  }
}

/** Records a hit for each pattern of lists[from, to) that matches the words from position i. */
function tryPatterns(t: ScanTables, data: Int32Array, from: number, to: number, out: FieldScan, i: number) {
  const { patternStarts, kinds, values, lists } = t;
  const words = out.words;
  for (let l = from; l < to; l++) {
    const id = lists[l]!;
    const first = patternStarts[id]!;
    const length = patternStarts[id + 1]! - first;
    if (i + length > out.wordCount) continue;
    let k = 0;
    while (k < length && matches(kinds[first + k]!, values[first + k]!, data, words[i + k]! * STRIDE)) k++;
    if (k === length) out.pushHit(id, i, i + length);
  }
}

/** The patterns of a bucket whose second word has this form (the next word's stem or case-sensitive key). */
function tryNext(t: ScanTables, data: Int32Array, bucket: number, form: number, out: FieldScan, i: number) {
  if (form < 0) return;
  const at = findPair(t, bucket, form);
  if (at >= 0) tryPatterns(t, data, t.pairs[at + 2]!, t.pairs[at + 3]!, out, i);
}

/** The patterns of one bucket at position i: one-word ones, then by the next word's forms, then `*`. */
function tryBucket(t: ScanTables, data: Int32Array, bucket: number, out: FieldScan, i: number) {
  const r = bucket * 4;
  tryPatterns(t, data, t.ranges[r]!, t.ranges[r + 1]!, out, i);
  if (i + 1 >= out.wordCount) return;
  if (t.hasNext[bucket] === 1) {
    const next = out.words[i + 1]! * STRIDE;
    tryNext(t, data, bucket, data[next + W_STEM]!, out, i);
    tryNext(t, data, bucket, data[next + W_ACRONYM]!, out, i);
    tryNext(t, data, bucket, data[next + W_ACRONYM_BARE]!, out, i);
  }
  tryPatterns(t, data, t.ranges[r + 2]!, t.ranges[r + 3]!, out, i);
}

/** Stable insertion sort of the hits [from, to) by length, longest first (they share their start). */
function longestFirst(out: FieldScan, from: number, to: number) {
  const { hitPattern, hitEnd } = out;
  for (let a = from + 1; a < to; a++) {
    const pattern = hitPattern[a]!;
    const end = hitEnd[a]!;
    let b = a - 1;
    for (; b >= from && hitEnd[b]! < end; b--) {
      hitPattern[b + 1] = hitPattern[b]!;
      hitEnd[b + 1] = hitEnd[b]!;
    }
    hitPattern[b + 1] = pattern;
    hitEnd[b + 1] = end;
  }
}

/**
 * Scans one text into `out` (its previous contents are replaced). Call `index.words.trim()` before the
 * texts of one paper, so the word ids of all its fields stay valid together.
 */
export function scanField(index: PhraseIndex, text: string, out: FieldScan) {
  // A text of n characters has at most n / 2 + 1 words.
  if (out.words.length <= text.length >> 1) out.words = new Int32Array((text.length >> 1) + 1);
  if (!splitAscii(index, text, out)) splitUnicode(index, text, out);
  out.hitCount = 0;
  const t = scanTables(index);
  const data = index.words.data;
  for (let i = 0; i < out.wordCount; i++) {
    const at = out.words[i]! * STRIDE + W_BUCKET;
    if (data[at]! < 0) continue;
    const before = out.hitCount;
    for (let k = 0; k < 3 && data[at + k]! >= 0; k++) tryBucket(t, data, data[at + k]!, out, i);
    if (out.hitCount - before > 1) longestFirst(out, before, out.hitCount);
  }
}

/** A phrase found in a token list: tokens [start, end). */
export interface Hit {
  pattern: number;
  start: number;
  end: number;
}

/** `scanField` as objects: the tokens (as `tokenize` makes them) and the hits. For tests and tools. */
export function scanText(index: PhraseIndex, text: string): { tokens: Token[]; hits: Hit[] } {
  const out = new FieldScan();
  index.words.trim();
  scanField(index, text, out);
  const { raws } = index.words;
  const tokens: Token[] = [];
  for (let i = 0; i < out.wordCount; i++) {
    const raw = raws[out.words[i]!]!;
    tokens.push({ raw, stem: stemWord(raw) });
  }
  const hits: Hit[] = [];
  for (let h = 0; h < out.hitCount; h++) {
    hits.push({ pattern: out.hitPattern[h]!, start: out.hitStart[h]!, end: out.hitEnd[h]! });
  }
  return { tokens, hits };
}

export type { WordTable };
