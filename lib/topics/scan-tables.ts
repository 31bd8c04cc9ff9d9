import type { PhraseIndex } from './phrase-index';

/**
 * The phrase index in the form the scanner reads: typed arrays instead of bucket objects and Maps, built
 * once after the last pattern is added. A lookup by (first-word bucket, second-word form) is a probe in
 * one open-addressing table; a list of candidate patterns is a range of `lists`.
 */

export interface ScanTables {
  /** Pattern p is tokens [patternStarts[p], patternStarts[p + 1]) of `kinds` and `values`. */
  patternStarts: Int32Array;
  kinds: Uint8Array;
  values: Int32Array;
  /** Pattern ids; every candidate list is a range of it. */
  lists: Int32Array;
  /** Per bucket, stride 4: single-word patterns [start, end), then patterns with `*` second [start, end). */
  ranges: Int32Array;
  /** Per bucket: 1 if some pattern's second word is looked up by form. */
  hasNext: Uint8Array;
  /**
   * (bucket, second-word form) -> range of `lists`, stride 4: bucket + 1 (0: empty), form, start, end.
   * Stem keys (lower case) and case-sensitive keys (with a capital) never share a form, so one table
   * serves both lookups.
   */
  pairs: Int32Array;
  pairMask: number;
}

export function pairHash(bucket: number, form: number): number {
  let h = Math.imul(bucket + 1, 0x9e3779b1) ^ form;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return h ^ (h >>> 13);
}

/** The slot of (bucket, form) in `pairs` (a multiple of 4), or -1. */
export function findPair(t: ScanTables, bucket: number, form: number): number {
  const { pairs, pairMask } = t;
  for (let s = pairHash(bucket, form) & pairMask; ; s = (s + 1) & pairMask) {
    const at = s * 4;
    const b = pairs[at]!;
    if (b === 0) return -1;
    if (b === bucket + 1 && pairs[at + 1] === form) return at;
  }
}

/** Lays the candidate lists of the index out in `lists`, and the pair lookups in an exact-size table. */
export function buildScanTables(index: PhraseIndex): ScanTables {
  const { listHead, nextInList } = index;
  const lists = new Int32Array(index.patternCount);
  const listStart = new Int32Array(listHead.length + 1);
  let filled = 0;
  for (let l = 0; l < listHead.length; l++) {
    listStart[l] = filled;
    for (let id = listHead[l]!; id >= 0; id = nextInList[id]!) lists[filled++] = id;
  }
  listStart[listHead.length] = filled;
  const bucketCount = index.singleList.length;
  const ranges = new Int32Array(bucketCount * 4);
  for (let b = 0; b < bucketCount; b++) {
    const single = index.singleList[b]!;
    const any = index.anyList[b]!;
    // An empty range [0, 0) when the bucket has no such list.
    ranges[b * 4] = single < 0 ? 0 : listStart[single]!;
    ranges[b * 4 + 1] = single < 0 ? 0 : listStart[single + 1]!;
    ranges[b * 4 + 2] = any < 0 ? 0 : listStart[any]!;
    ranges[b * 4 + 3] = any < 0 ? 0 : listStart[any + 1]!;
  }
  let size = 16;
  while (size < index.pairCount * 2) size *= 2;
  const pairs = new Int32Array(size * 4);
  const hasNext = new Uint8Array(bucketCount);
  const built = index.pairs;
  for (let at = 0; at < built.length; at += 3) {
    if (built[at] === 0) continue;
    const bucket = built[at]! - 1;
    const form = built[at + 1]!;
    const list = built[at + 2]!;
    let s = pairHash(bucket, form) & (size - 1);
    while (pairs[s * 4] !== 0) s = (s + 1) & (size - 1);
    pairs[s * 4] = bucket + 1;
    pairs[s * 4 + 1] = form;
    pairs[s * 4 + 2] = listStart[list]!;
    pairs[s * 4 + 3] = listStart[list + 1]!;
    hasNext[bucket] = 1;
  }
  return {
    patternStarts: Int32Array.from(index.starts),
    kinds: Uint8Array.from(index.kinds),
    values: Int32Array.from(index.values),
    lists,
    ranges,
    hasNext,
    pairs,
    pairMask: size - 1,
  };
}
