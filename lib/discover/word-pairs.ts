import type { EncodedPaper } from './phrase-trie';
import { eachSliced, PAPERS_A_SLICE, type Steps } from './slices';
import { JOIN, SEP } from './word-table';

/**
 * Which words a phrase may grow by, from how many recent papers use each word and each pair of adjacent words
 * (hyphens skipped, as the trie reads them). A phrase is as rare as its rarest word and its rarest adjacent
 * pair, so a branch whose pair is in fewer than `minPapers` papers would only be pruned again: on 50,000
 * real papers the recent trie grew 400,000 nodes of which 10,000 were kept, and building them was most of
 * the count. Pair keys are dense ids of the frequent words (a few thousand), so each key is a small integer.
 * As steps (slices.ts): the pairs of every recent paper are counted.
 */
export function* phraseGrowth(
  encoded: readonly EncodedPaper[],
  df: Int32Array,
  minPapers: number,
): Steps<(word: number, previous: number) => boolean> {
  const dense = new Int32Array(df.length).fill(-1);
  let frequent = 0;
  df.forEach((n, w) => {
    if (n >= minPapers) dense[w] = frequent++;
  });
  let words = 0;
  for (const paper of encoded) words += paper.title.length + paper.abstract.length;
  // Distinct pairs of frequent words were a quarter of the words in the real corpus's recent window (319,000
  // of 1.3 million): sized for that, the table is not rebuilt four times on the way up.
  const pairs = new PairCounts(words / 4);
  yield* eachSliced(encoded, PAPERS_A_SLICE, (paper, i) => {
    for (const ids of [paper.title, paper.abstract]) {
      let previous = -1;
      for (const w of ids) {
        if (w === JOIN) continue;
        const current = w === SEP ? -1 : dense[w]!;
        if (previous >= 0 && current >= 0) pairs.add(previous, current, i);
        previous = current;
      }
    }
  });
  return (word, previous) => {
    const b = dense[word]!;
    if (b < 0) return false;
    if (previous < 0) return true;
    const a = dense[previous]!;
    return a >= 0 && pairs.papers(a, b) >= minPapers;
  };
}

/**
 * Papers per pair of dense word ids, in open addressing over typed arrays: a Map keyed by the pair's
 * number was most of the time of this count (1.4 s of a `pulse discover` profile on the real corpus; on 20,000
 * real papers, interleaved runs at load ~15: 3.2 s with the Map, 1.1 s with this, the same pairs admitted).
 */
class PairCounts {
  private first: Int32Array;
  private second: Int32Array;
  private count: Int32Array;
  private lastPaper: Int32Array;
  private size = 0;

  /** Room for `expected` pairs before the table grows (at most half full). */
  constructor(expected: number) {
    let slots = 1 << 16;
    while (slots < 2 * expected) slots *= 2;
    this.first = new Int32Array(slots).fill(-1);
    this.second = new Int32Array(slots);
    this.count = new Int32Array(slots);
    this.lastPaper = new Int32Array(slots);
  }

  /** Counts paper `paper` for the pair (a, b), once however often the paper has it. */
  add(a: number, b: number, paper: number): void {
    let at = this.find(a, b);
    if (this.first[at] === -1) {
      if (2 * (this.size + 1) > this.first.length) {
        this.grow();
        at = this.find(a, b);
      }
      this.first[at] = a;
      this.second[at] = b;
      this.lastPaper[at] = -1;
      this.size++;
    }
    if (this.lastPaper[at] !== paper) {
      this.lastPaper[at] = paper;
      this.count[at]!++;
    }
  }

  papers(a: number, b: number): number {
    const at = this.find(a, b);
    return this.first[at] === -1 ? 0 : this.count[at]!;
  }

  /** The slot of (a, b), or the empty slot where it would go. */
  private find(a: number, b: number): number {
    const mask = this.first.length - 1;
    let at = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) >>> 0;
    at = (at ^ (at >>> 15)) & mask;
    while (this.first[at] !== -1 && (this.first[at] !== a || this.second[at] !== b)) at = (at + 1) & mask;
    return at;
  }

  private grow(): void {
    const { first, second, count, lastPaper } = this;
    const size = first.length * 2;
    this.first = new Int32Array(size).fill(-1);
    this.second = new Int32Array(size);
    this.count = new Int32Array(size);
    this.lastPaper = new Int32Array(size);
    for (let i = 0; i < first.length; i++) {
      if (first[i] === -1) continue;
      const at = this.find(first[i]!, second[i]!);
      this.first[at] = first[i]!;
      this.second[at] = second[i]!;
      this.count[at] = count[i]!;
      this.lastPaper[at] = lastPaper[i]!;
    }
  }
}
