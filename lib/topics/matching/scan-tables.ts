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
  /**
   * A filter before `pairs` (see `pairBitsOf`): most next words open no pair with the bucket, and one
   * read of 8 KB says so instead of a probe of the table.
   */
  pairBits: Uint32Array;
}

/** What the scan tables are built from: the phrase index's patterns and candidate lists (see phrase-index.ts). */
export interface CandidateLists {
  patternCount: number;
  starts: number[];
  kinds: number[];
  values: number[];
  singleList: number[];
  anyList: number[];
  pairs: Int32Array;
  pairCount: number;
  listHead: number[];
  nextInList: number[];
}

export function pairHash(bucket: number, form: number): number {
  let h = Math.imul(bucket + 1, 0x9e3779b1) ^ form;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return h ^ (h >>> 13);
}

/**
 * One bit per pair of a pair table, at the high 16 bits of its hash (the table's slot is at the low
 * ones): set for every pair in the table, and for a few that are not.
 */
export function pairBitsOf(pairs: Int32Array): Uint32Array {
  const bits = new Uint32Array(1 << 11);
  for (let at = 0; at < pairs.length; at += 4) {
    if (pairs[at] === 0) continue;
    const bit = pairHash(pairs[at]! - 1, pairs[at + 1]!) >>> 16;
    bits[bit >>> 5]! |= 1 << (bit & 31);
  }
  return bits;
}

/** The slot of (bucket, form) in `pairs` (a multiple of 4), or -1. */
export function findPair(t: ScanTables, bucket: number, form: number): number {
  const { pairs, pairMask } = t;
  const hash = pairHash(bucket, form);
  if ((t.pairBits[hash >>> 21]! & (1 << ((hash >>> 16) & 31))) === 0) return -1;
  for (let s = hash & pairMask; ; s = (s + 1) & pairMask) {
    const at = s * 4;
    const b = pairs[at]!;
    if (b === 0) return -1;
    if (b === bucket + 1 && pairs[at + 1] === form) return at;
  }
}

/** Puts (bucket, form) -> lists[start, end) in a pair table of the given mask; false if it is there already. */
export function insertPair(
  pairs: Int32Array,
  mask: number,
  bucket: number,
  form: number,
  start: number,
  end: number,
): boolean {
  let s = pairHash(bucket, form) & mask;
  for (; pairs[s * 4] !== 0; s = (s + 1) & mask) {
    if (pairs[s * 4] === bucket + 1 && pairs[s * 4 + 1] === form) return false;
  }
  pairs[s * 4] = bucket + 1;
  pairs[s * 4 + 1] = form;
  pairs[s * 4 + 2] = start;
  pairs[s * 4 + 3] = end;
  return true;
}

/** The smallest power of two at least twice `count`: a pair table at most half full. */
export function pairTableSize(count: number): number {
  let size = 16;
  while (size < count * 2) size *= 2;
  return size;
}

/**
 * Lays the candidate lists of the index out in `lists`, bucket by bucket (its one-word list, its
 * `*`-second list, then its lists by second key in the order they were made), each list in id order.
 */
export function buildScanTables(index: CandidateLists): ScanTables {
  const { listHead, nextInList } = index;
  const bucketCount = index.singleList.length;
  const pairsOf: [list: number, form: number][][] = index.singleList.map(() => []);
  const built = index.pairs;
  for (let at = 0; at < built.length; at += 3) {
    if (built[at] !== 0) pairsOf[built[at]! - 1]!.push([built[at + 2]!, built[at + 1]!]);
  }
  const lists = new Int32Array(index.patternCount);
  let filled = 0;
  const append = (list: number) => {
    if (list >= 0) for (let id = listHead[list]!; id >= 0; id = nextInList[id]!) lists[filled++] = id;
    return filled;
  };
  const ranges = new Int32Array(bucketCount * 4);
  const hasNext = new Uint8Array(bucketCount);
  const size = pairTableSize(index.pairCount);
  const pairs = new Int32Array(size * 4);
  for (let b = 0; b < bucketCount; b++) {
    ranges[b * 4] = filled;
    ranges[b * 4 + 1] = append(index.singleList[b]!);
    ranges[b * 4 + 2] = filled;
    ranges[b * 4 + 3] = append(index.anyList[b]!);
    for (const [list, form] of pairsOf[b]!.sort((x, y) => x[0] - y[0])) {
      const start = filled;
      insertPair(pairs, size - 1, b, form, start, append(list));
      hasNext[b] = 1;
    }
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
    pairBits: pairBitsOf(pairs),
  };
}
