import { stemWord } from '../../text/tokens';

/**
 * The phrase language of the pack, parsed to token patterns:
 * - words match on their stem ("Large Language Models" ~ "large language model");
 * - a phrase of one word matches only that word and its plural ("publications" is not "public",
 *   "Ising" is not "is"): Porter stems of lone words are too greedy; `~word` asks for the stem family;
 * - words in capitals (RL, LLMs, 3DGS) or with inner capitals (NeRF, mAP) match the paper's raw tokens
 *   case-sensitively, plural "s" allowed;
 * - `=word` matches that spelling in any case ("=agentic" is not "agent"); `*` is any one word.
 */

/** Pattern token kinds. */
export const STEM = 0;
export const ACRONYM = 1;
export const ANY = 2;
export const EXACT = 3;
export const INFLECTED = 4;

export interface Pattern {
  kinds: number[];
  values: string[];
}

export function isCapital(code: number): boolean {
  return code >= 65 && code <= 90;
}

/**
 * The case-sensitive form of a word, if it has one: capitals (and digits) only, like RL, 3DGS, or a capital
 * after the first letter, like NeRF, LoRA, mAP, ZeRO. A plural "s" after a capital is set aside (LLMs, NeRFs).
 */
function caseSensitiveForm(raw: string): string | undefined {
  const bare =
    raw.length > 2 && raw.endsWith('s') && isCapital(raw.charCodeAt(raw.length - 2)) ? raw.slice(0, -1) : raw;
  if (bare.length < 2 || bare === bare.toLowerCase()) return undefined;
  const allCapitals = bare === bare.toUpperCase();
  const innerCapital = bare.slice(1) !== bare.slice(1).toLowerCase();
  return allCapitals || innerCapital ? bare : undefined;
}

const PLURAL_ES = /(?:s|x|z|ch|sh)es$/;
const NOT_PLURAL_S = /(?:ss|us|is)$/;

/** Lower case without an English plural ending: "studies" -> "study", "biases" -> "bias". */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && PLURAL_ES.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !NOT_PLURAL_S.test(w)) return w.slice(0, -1);
  return w;
}

// A word of the phrase language: `*`, or letters and digits, optionally marked with `=` or `~`.
const PATTERN_WORD = /\*|[=~]?[\p{L}\p{N}]+/gu;
const STAR = 42;
const EQUALS = 61;
const TILDE = 126;

function isAsciiWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** The words of a phrase, as PATTERN_WORD finds them; ASCII phrases (nearly all) without the regex. */
export function phraseWords(phrase: string): string[] {
  const words: string[] = [];
  const n = phrase.length;
  for (let i = 0; i < n; ) {
    const c = phrase.charCodeAt(i);
    if (c >= 128) return phrase.match(PATTERN_WORD) ?? [];
    if (c === STAR) {
      words.push('*');
      i++;
      continue;
    }
    const marked = (c === EQUALS || c === TILDE) && i + 1 < n && isAsciiWordChar(phrase.charCodeAt(i + 1));
    if (!marked && !isAsciiWordChar(c)) {
      i++;
      continue;
    }
    const start = i;
    i++;
    while (i < n && isAsciiWordChar(phrase.charCodeAt(i))) i++;
    if (i < n && phrase.charCodeAt(i) >= 128) return phrase.match(PATTERN_WORD) ?? [];
    words.push(phrase.slice(start, i));
  }
  return words;
}

/** A written word's kind and value inside a longer phrase, and alone (lone words are INFLECTED). */
export interface WrittenWordParse {
  kind: number;
  value: string;
  loneKind: number;
  loneValue: string;
}

export function parseWrittenWord(word: string): WrittenWordParse {
  const mark = word[0];
  if (word === '*') return { kind: ANY, value: '', loneKind: ANY, loneValue: '' };
  if (mark === '=') {
    const value = word.slice(1).toLowerCase();
    return { kind: EXACT, value, loneKind: EXACT, loneValue: value };
  }
  if (mark === '~') {
    const value = stemWord(word.slice(1));
    return { kind: STEM, value, loneKind: STEM, loneValue: value };
  }
  const acronym = caseSensitiveForm(word);
  if (acronym) return { kind: ACRONYM, value: acronym, loneKind: ACRONYM, loneValue: acronym };
  return { kind: STEM, value: stemWord(word), loneKind: INFLECTED, loneValue: singular(word) };
}

/** The pattern of one phrase, or undefined when it has no words or starts or ends with `*`. */
export function parsePattern(phrase: string): Pattern | undefined {
  const words = phraseWords(phrase);
  if (words.length === 0) return undefined;
  const kinds: number[] = [];
  const values: string[] = [];
  if (words.length === 1) {
    const word = parseWrittenWord(words[0]!);
    kinds.push(word.loneKind);
    values.push(word.loneValue);
  } else {
    for (const w of words) {
      const word = parseWrittenWord(w);
      kinds.push(word.kind);
      values.push(word.value);
    }
  }
  if (kinds[0] === ANY || kinds[kinds.length - 1] === ANY) return undefined;
  return { kinds, values };
}
