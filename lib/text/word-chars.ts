/**
 * Which characters make words: letters and digits of any script (`[\p{L}\p{N}]`, as in words.ts), read
 * by code point, so a letter outside the BMP (mathematical 𝑥) is one character, as the regex sees it.
 */

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
// 0: not known yet, 1: a word character, 2: not one. BMP code points; the rest are rare, kept in a map.
const bmp = new Uint8Array(0x10000);
const astral = new Map<number, boolean>();

function isWordCodePoint(cp: number): boolean {
  if (cp < 0x10000) {
    let known = bmp[cp]!;
    if (known === 0) {
      known = LETTER_OR_DIGIT.test(String.fromCharCode(cp)) ? 1 : 2;
      bmp[cp] = known;
    }
    return known === 1;
  }
  let known = astral.get(cp);
  if (known === undefined) {
    known = LETTER_OR_DIGIT.test(String.fromCodePoint(cp));
    astral.set(cp, known);
  }
  return known;
}

/** 0 when text[i] does not start a word character, else its length in UTF-16 units (1, or 2 for a pair). */
export function wordCharWidth(text: string, i: number): number {
  if (i >= text.length) return 0;
  const c = text.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const low = text.charCodeAt(i + 1);
    // A lone surrogate is no letter; a pair is one code point.
    if (low >= 0xdc00 && low <= 0xdfff)
      return isWordCodePoint((c - 0xd800) * 0x400 + low - 0xdc00 + 0x10000) ? 2 : 0;
  }
  return isWordCodePoint(c) ? 1 : 0;
}
