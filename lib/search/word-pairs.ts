import { stemWord } from '../text/tokens';
import { words } from '../text/words';
import { RAW } from '../topics/reach-phrases';

/**
 * Which words stand side by side in a paper, as a small bit set per paper: the search index lists papers by
 * the words they hold, not where, so "generate data" would list every paper with both words anywhere (a
 * fifth of them). A re-tag asks these bits whether two words of a phrase can be neighbours before it reads a
 * row (lib/topics/reach-docs.ts). Each pair of neighbouring words in the title or in the abstract (as the
 * tagger reads them: lib/topics/reach-phrases.ts) sets one bit, keyed by the two words' stems, and by the
 * case-sensitive spelling (RAW + the word) of a word with a capital letter (an acronym of the pack). A bit
 * set may be another pair's (a paper sets about 230 of the 2,048, so about one check in nine says "maybe"
 * wrongly): a clear bit is a proof that no
 * such pair is there.
 */

/** The pair bits of the documents of one block (doc-blocks.ts DOC_BLOCK), PAIR_BYTES each, in slot order. */
export interface PairBlockRecord {
  block: number;
  bits: Uint8Array;
}

/** Bits per paper. */
export const PAIR_BITS = 2048;
export const PAIR_BYTES = PAIR_BITS / 8;

const UPPER = /\p{Lu}/u;

/** The keys a word can be asked for by: its stem, and its spelling when it could be an acronym. */
function keysOf(raw: string): string[] {
  const stem = stemWord(raw);
  return UPPER.test(raw) ? [stem, RAW + raw] : [stem];
}

/**
 * The bit of the pair (a, b): `a` right before `b`, each a stem or RAW + a spelling; undefined when the
 * bits cannot tell (a spelling with no capital letter is never recorded).
 */
export function pairBit(a: string, b: string): number | undefined {
  if (!recorded(a) || !recorded(b)) return undefined;
  // FNV-1a over "a \u0002 b".
  let h = 0x811c9dc5;
  const mix = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  };
  mix(a);
  mix('\u0002');
  mix(b);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) % PAIR_BITS;
}

function recorded(key: string): boolean {
  return !key.startsWith(RAW) || UPPER.test(key);
}

/** Sets the bits of a paper's neighbouring words into `bits` from byte `offset` (PAIR_BYTES of them). */
export function writePairs(
  paper: { title: string; abstract: string },
  bits: Uint8Array,
  offset: number,
): void {
  for (const field of [paper.title, paper.abstract]) {
    let before: string[] | undefined;
    for (const raw of words(field)) {
      const keys = keysOf(raw);
      for (const a of before ?? []) {
        for (const b of keys) {
          const bit = pairBit(a, b)!;
          bits[offset + (bit >> 3)]! |= 1 << (bit & 7);
        }
      }
      before = keys;
    }
  }
}

/** Whether the bit is set for the paper whose bits start at byte `offset`. */
export function hasPairBit(bits: Uint8Array, offset: number, bit: number): boolean {
  return (bits[offset + (bit >> 3)]! & (1 << (bit & 7))) !== 0;
}
