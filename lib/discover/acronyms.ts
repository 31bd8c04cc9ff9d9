import { foldWord, forEachWordSpan } from './tokens';

/**
 * Acronyms a text defines: "Group Relative Policy Optimization (GRPO)" gives ["grpo", "group relative
 * policy optimization"] (both as phrase keys). The words before the parenthesis are matched to the acronym's
 * capitals and digits from the first letter of each word ("3D Gaussian Splatting (3DGS)": a word may supply
 * several leading capitals or digits); "of", "and", "with" and the like may be skipped.
 */
export function acronymDefinitions(text: string): { acronym: string; expansion: string }[] {
  const found: { acronym: string; expansion: string }[] = [];
  for (const match of text.matchAll(DEFINED)) {
    const raw = match[1]!;
    const letters = acronymLetters(raw);
    if (letters.length < 2) continue;
    // The words just before the parenthesis, in the same segment (a comma or a full stop ends the search).
    const slice = text.slice(Math.max(0, match.index - 120), match.index);
    const words = lastSegment(slice);
    if (!words) continue;
    for (let k = 2; k <= Math.min(words.length, letters.length + 3); k++) {
      const tail = words.slice(words.length - k);
      if (LINKING.has(tail[0]!.key)) continue;
      if (
        matches(
          letters,
          tail.map((w) => w.text),
        )
      ) {
        found.push({ acronym: foldWord(raw), expansion: tail.map((w) => w.key).join(' ') });
        break;
      }
    }
  }
  return found;
}

/**
 * The words of the last segment of `text` that has any (`segments(text).at(-1)`), as keys and as written.
 * Only its words are folded: this runs at every parenthesis of every paper read.
 */
function lastSegment(text: string): { key: string; text: string }[] | undefined {
  let last: number[] = [];
  let current: number[] = [];
  forEachWordSpan(text, (start, end) => {
    if (start !== end) current.push(start, end);
    else if (current.length > 0) {
      last = current;
      current = [];
    }
  });
  if (current.length > 0) last = current;
  if (last.length === 0) return undefined;
  const words: { key: string; text: string }[] = [];
  for (let i = 0; i < last.length; i += 2) {
    const raw = text.slice(last[i], last[i + 1]);
    words.push({ key: foldWord(raw), text: raw });
  }
  return words;
}

// "(GRPO)", "(VLMs,", "(3DGS;", "(dLLMs)": a word with at least two capitals, in parentheses.
const DEFINED = /\(([\p{N}]*[a-z]?[A-Z][\p{L}\p{N}]*[A-Z][\p{L}\p{N}]*)[);,]/gu;

const LINKING = new Set([
  'of',
  'and',
  'for',
  'with',
  'in',
  'on',
  'to',
  'from',
  'the',
  'a',
  'an',
  'via',
  'by',
]);

/**
 * Capitals and digits of an acronym, lower-cased, without a plural s: "VLMs" -> "vlm", "3DGS" -> "3dgs";
 * a lower-case first letter counts ("dLLMs" -> "dllm": "diffusion large language models").
 */
function acronymLetters(raw: string): string {
  const first = /^[a-z](?=[A-Z])/.test(raw) ? raw[0]! : '';
  return first + raw.replace(/[^A-Z0-9]/g, '').toLowerCase();
}

/**
 * Whether the words spell the letters: each word gives its first letter, possibly followed by more of its
 * own capitals or digits ("3D" gives "3d"), and a linking word may give nothing.
 */
function matches(letters: string, words: readonly string[]): boolean {
  const go = (li: number, wi: number): boolean => {
    if (wi === words.length) return li === letters.length;
    const word = words[wi]!;
    if (LINKING.has(word.toLowerCase()) && go(li, wi + 1)) return true;
    if (word[0]!.toLowerCase() !== letters[li]) return false;
    if (go(li + 1, wi + 1)) return true;
    // More capitals or digits of the same word: "3D" -> "3", "d"; "GPT" -> "g", "p", "t".
    let l = li + 1;
    for (let c = 1; c < word.length && l < letters.length; c++) {
      const ch = word[c]!;
      if (!/[A-Z0-9]/.test(ch)) continue;
      if (ch.toLowerCase() !== letters[l]) break;
      l++;
      if (go(l, wi + 1)) return true;
    }
    return false;
  };
  return go(0, 0);
}
