/**
 * Lists of non-negative integers as text that JSON carries without escapes and gzip compresses well:
 * each number in 5-bit groups, low group first, one character per group from a 64-character alphabet
 * (the 32 first mean "last group", the 32 others "more to come"). Small numbers take one character.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const MORE = 32;
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

export function encodeNumbers(numbers: Iterable<number>): string {
  let text = '';
  for (let n of numbers) {
    if (!Number.isInteger(n) || n < 0 || n > 0x3fffffff) throw new RangeError(`cannot encode ${n}`);
    while (n >= MORE) {
      text += ALPHABET[MORE + (n & 31)];
      n >>>= 5;
    }
    text += ALPHABET[n];
  }
  return text;
}

/** The numbers of `text`, or undefined when it is not such a list (a bad character, a cut number). */
export function decodeNumbers(text: string): Int32Array | undefined {
  // One pass into room for the most numbers the text can hold (one character each).
  const numbers = new Int32Array(text.length);
  let k = 0;
  let n = 0;
  let shift = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? VALUE[c]! : -1;
    // Six groups of five bits fill 30 bits; a longer number is not one this format writes.
    if (v < 0 || shift > 25) return undefined;
    n |= (v & 31) << shift;
    if (v < MORE) {
      numbers[k++] = n;
      n = 0;
      shift = 0;
    } else shift += 5;
  }
  if (shift > 0) return undefined;
  return numbers.subarray(0, k);
}
