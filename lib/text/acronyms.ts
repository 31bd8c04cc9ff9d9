import { wordCharWidth } from './word-chars';

/**
 * The one acronym finder: acronyms a text defines in parentheses ("Group Relative Policy Optimization
 * (GRPO)", "(MLLMs,", "(RLVR;") and whether the words before one spell it. The tagger (topics/scoring/
 * acronyms.ts: a defined acronym counts as the pack phrase before it), Emerging and Ask
 * (discover/acronyms.ts: acronym <-> expansion keys) all find them here.
 */

const OPEN = 40; // (
const CLOSE = 41; // )
const COMMA = 44;
const SEMICOLON = 59;

/**
 * One word in parentheses, closed or followed by a list: "(GRPO)", "(RLVR;", "(MLLMs,"; a word of 2 to
 * 16 letters or digits (code points). What /\(([\p{L}\p{N}]{2,16})[),;]/gu finds, without a regex pass.
 * `visit` gets the word and the place of its "(".
 */
function eachParenthesised(text: string, visit: (inside: string, open: number) => void): void {
  for (let open = text.indexOf('('); open >= 0; ) {
    let end = open + 1;
    let letters = 0;
    for (let width = wordCharWidth(text, end); width > 0 && letters <= 16; width = wordCharWidth(text, end)) {
      end += width;
      letters++;
    }
    const after = end < text.length ? text.charCodeAt(end) : OPEN;
    if (letters >= 2 && letters <= 16 && (after === CLOSE || after === COMMA || after === SEMICOLON)) {
      visit(text.slice(open + 1, end), open);
      open = text.indexOf('(', end + 1);
    } else open = text.indexOf('(', open + 1);
  }
}

/** The words in parentheses (see eachParenthesised), in order. */
export function parenthesisedWords(text: string): string[] {
  const found: string[] = [];
  eachParenthesised(text, (inside) => found.push(inside));
  return found;
}

/** ASCII capitals in a word. */
export function capitals(word: string): number {
  let n = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 65 && c <= 90) n++;
  }
  return n;
}

/** An acronym without its plural s: "LLMs" -> "LLM" ("Ms" stays). */
export function bareAcronym(raw: string): string {
  return raw.length > 2 && raw.endsWith('s') ? raw.slice(0, -1) : raw;
}

export interface ParenthesisedAcronym {
  /** As written inside the parentheses: "VLMs". */
  inside: string;
  /** Without a plural s: "VLM". */
  acronym: string;
  /** Where its "(" is in the text. */
  open: number;
}

/** The acronyms a text puts in parentheses: parenthesised words with at least two capitals (bare). */
export function parenthesisedAcronyms(text: string): ParenthesisedAcronym[] {
  const found: ParenthesisedAcronym[] = [];
  if (!text.includes('(')) return found;
  eachParenthesised(text, (inside, open) => {
    const acronym = bareAcronym(inside);
    if (capitals(acronym) >= 2) found.push({ inside, acronym, open });
  });
  return found;
}

/** Words an expansion may skip, and may not start with: "Mixture of Experts (MoE)". */
export const LINKING_WORDS: ReadonlySet<string> = new Set(
  'of and for with in on to from the a an via by'.split(' '),
);

/**
 * Capitals and digits of an acronym, lower-cased, without a plural s: "VLMs" -> "vlm", "3DGS" -> "3dgs";
 * a lower-case first letter counts ("dLLMs" -> "dllm": "diffusion large language models").
 */
export function acronymLetters(raw: string): string {
  const first = /^[a-z](?=[A-Z])/.test(raw) ? raw[0]! : '';
  return first + raw.replace(/[^A-Z0-9]/g, '').toLowerCase();
}

/**
 * How many of the words just before an acronym spell it (0: none do): the shortest tail of 2 or more
 * words, not starting with a linking word, whose words give the acronym's letters ("3D Gaussian Splatting
 * (3DGS)" -> 3).
 */
export function expansionLength(acronym: string, before: readonly string[]): number {
  const letters = acronymLetters(acronym);
  if (letters.length < 2) return 0;
  for (let k = 2; k <= Math.min(before.length, letters.length + 3); k++) {
    const tail = before.slice(before.length - k);
    if (LINKING_WORDS.has(tail[0]!.toLowerCase())) continue;
    if (spells(letters, tail)) return k;
  }
  return 0;
}

/**
 * Whether the words spell the letters: each word gives its first letter, possibly followed by more of its
 * own capitals or digits ("3D" gives "3d"), and a linking word may give nothing.
 */
function spells(letters: string, words: readonly string[]): boolean {
  const go = (li: number, wi: number): boolean => {
    if (wi === words.length) return li === letters.length;
    const word = words[wi]!;
    if (LINKING_WORDS.has(word.toLowerCase()) && go(li, wi + 1)) return true;
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
