import { stemWord, type Token } from '../../text/tokens';
import { FieldScan } from './field-scan';
import { splitWords } from './paper-words';
import { type PhraseIndex, scanTables } from './phrase-index';
import { ACRONYM, ANY, EXACT, INFLECTED, STEM } from './phrase-pattern';
import { findPair, type ScanTables } from './scan-tables';
import { STRIDE, W_ACRONYM, W_ACRONYM_BARE, W_BUCKET, W_LOWER, W_SINGULAR, W_STEM } from './word-table';

/**
 * One pass over a text: its words (as `tokenize` splits them, as ids in the index's word table) and every
 * occurrence of every indexed phrase (overlaps included), in word order and, at one position, longest
 * first. Results go to a reusable `FieldScan` of flat arrays: a paper allocates nothing per word.
 */

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
  splitWords(index, text, out);
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
