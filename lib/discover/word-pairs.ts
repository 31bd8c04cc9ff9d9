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
  const slots = new Map<number, number>();
  const papers: number[] = [];
  const lastPaper: number[] = [];
  yield* eachSliced(encoded, PAPERS_A_SLICE, (paper, i) => {
    for (const ids of [paper.title, paper.abstract]) {
      let previous = -1;
      for (const w of ids) {
        if (w === JOIN) continue;
        const current = w === SEP ? -1 : dense[w]!;
        if (previous >= 0 && current >= 0) {
          const key = previous * frequent + current;
          let slot = slots.get(key);
          if (slot === undefined) {
            slot = papers.length;
            slots.set(key, slot);
            papers.push(0);
            lastPaper.push(-1);
          }
          if (lastPaper[slot] !== i) {
            lastPaper[slot] = i;
            papers[slot]!++;
          }
        }
        previous = current;
      }
    }
  });
  return (word, previous) => {
    const b = dense[word]!;
    if (b < 0) return false;
    if (previous < 0) return true;
    const a = dense[previous]!;
    const slot = a < 0 ? undefined : slots.get(a * frequent + b);
    return slot !== undefined && papers[slot]! >= minPapers;
  };
}
