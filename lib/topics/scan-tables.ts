/**
 * The phrase index in the form the scanner reads: typed arrays instead of bucket objects and Maps, built
 * once after the last pattern is added. A lookup by (first-word bucket, second-word form) is a probe in
 * one open-addressing table; a list of candidate patterns is a range of `lists`.
 */

/** What the tables are built from: the build-time buckets of the phrase index. */
export interface BucketSource {
  single: number[] | undefined;
  nextStem: Map<number, number[]> | undefined;
  nextAcronym: Map<number, number[]> | undefined;
  nextAny: number[] | undefined;
}

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

export function buildScanTables(
  buckets: readonly BucketSource[],
  patternCount: number,
  starts: readonly number[],
  kinds: readonly number[],
  values: readonly number[],
): ScanTables {
  const lists = new Int32Array(patternCount);
  let filled = 0;
  const append = (ids: readonly number[] | undefined): number => {
    if (ids !== undefined) for (const id of ids) lists[filled++] = id;
    return filled;
  };
  const ranges = new Int32Array(buckets.length * 4);
  const hasNext = new Uint8Array(buckets.length);
  let pairCount = 0;
  for (const b of buckets) pairCount += (b.nextStem?.size ?? 0) + (b.nextAcronym?.size ?? 0);
  let size = 16;
  while (size < pairCount * 2) size *= 2;
  const t: ScanTables = {
    patternStarts: Int32Array.from(starts),
    kinds: Uint8Array.from(kinds),
    values: Int32Array.from(values),
    lists,
    ranges,
    hasNext,
    pairs: new Int32Array(size * 4),
    pairMask: size - 1,
  };
  const addPairs = (bucket: number, next: Map<number, number[]> | undefined) => {
    if (next === undefined) return;
    for (const [form, ids] of next) {
      let s = pairHash(bucket, form) & t.pairMask;
      while (t.pairs[s * 4] !== 0) s = (s + 1) & t.pairMask;
      const at = s * 4;
      t.pairs[at] = bucket + 1;
      t.pairs[at + 1] = form;
      t.pairs[at + 2] = filled;
      t.pairs[at + 3] = append(ids);
      hasNext[bucket] = 1;
    }
  };
  buckets.forEach((b, n) => {
    ranges[n * 4] = filled;
    ranges[n * 4 + 1] = append(b.single);
    ranges[n * 4 + 2] = filled;
    ranges[n * 4 + 3] = append(b.nextAny);
    addPairs(n, b.nextStem);
    addPairs(n, b.nextAcronym);
  });
  return t;
}
