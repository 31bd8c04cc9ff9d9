import { stemWord, type Token } from './text';

/**
 * Phrases compiled to token patterns and indexed by their first token, so tagging a paper is one pass
 * over its tokens with a Map lookup per token, whatever the size of the pack.
 *
 * The phrase language (pack data):
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
  /** The key of the first token in the index (a stem, or an acronym). */
  first: string;
}

export interface PhraseIndex {
  patterns: Pattern[];
  byStem: Map<string, number[]>;
  byAcronym: Map<string, number[]>;
}

/** A phrase found in a token list: tokens [start, end). */
export interface Hit {
  pattern: number;
  start: number;
  end: number;
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

/** Lower case without an English plural ending: "studies" -> "study", "biases" -> "bias". */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:s|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

// A word of the phrase language: `*`, or letters and digits, optionally marked with `=` or `~`.
const PATTERN_WORD = /\*|[=~]?[\p{L}\p{N}]+/gu;

/** The pattern of one phrase, or undefined when it has no words or starts or ends with `*`. */
export function parsePattern(phrase: string): Pattern | undefined {
  const words = [...phrase.matchAll(PATTERN_WORD)].map((m) => m[0]);
  const kinds: number[] = [];
  const values: string[] = [];
  for (const word of words) {
    const mark = word[0];
    const bare = mark === '=' || mark === '~' ? word.slice(1) : word;
    const acronym = mark === '=' || mark === '~' ? undefined : caseSensitiveForm(word);
    if (word === '*') {
      kinds.push(ANY);
      values.push('');
    } else if (mark === '=') {
      kinds.push(EXACT);
      values.push(bare.toLowerCase());
    } else if (acronym) {
      kinds.push(ACRONYM);
      values.push(acronym);
    } else if (words.length === 1 && mark !== '~') {
      kinds.push(INFLECTED);
      values.push(singular(bare));
    } else {
      kinds.push(STEM);
      values.push(stemWord(bare));
    }
  }
  if (kinds.length === 0 || kinds[0] === ANY || kinds[kinds.length - 1] === ANY) return undefined;
  const firstWord = words[0]!.replace(/^[=~]/, '');
  const first = kinds[0] === ACRONYM || kinds[0] === STEM ? values[0]! : stemWord(firstWord);
  return { kinds, values, first };
}

const MARKS = ['', '#', '*', '=', '!'];

export function patternKey(p: Pattern): string {
  let key = '';
  for (let i = 0; i < p.values.length; i++) key += `${MARKS[p.kinds[i]!]}${p.values[i]} `;
  return key;
}

export function createPhraseIndex(): PhraseIndex & { add(p: Pattern): number } {
  const ids = new Map<string, number>();
  const index = {
    patterns: [] as Pattern[],
    byStem: new Map<string, number[]>(),
    byAcronym: new Map<string, number[]>(),
    add(p: Pattern): number {
      const key = patternKey(p);
      let id = ids.get(key);
      if (id === undefined) {
        id = index.patterns.length;
        ids.set(key, id);
        index.patterns.push(p);
        const map = p.kinds[0] === ACRONYM ? index.byAcronym : index.byStem;
        const list = map.get(p.first);
        if (list) list.push(id);
        else map.set(p.first, [id]);
      }
      return id;
    },
  };
  return index;
}

function isCapital(code: number): boolean {
  return code >= 65 && code <= 90;
}

function hasCapital(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) if (isCapital(raw.charCodeAt(i))) return true;
  return false;
}

function tokenMatches(kind: number, value: string, token: Token): boolean {
  switch (kind) {
    case STEM:
      return token.stem === value;
    case ACRONYM:
      return token.raw === value || (token.raw.length === value.length + 1 && token.raw === `${value}s`);
    case EXACT:
      return token.raw.length === value.length && token.raw.toLowerCase() === value;
    case INFLECTED:
      return singular(token.raw) === value;
    default:
      return true;
  }
}

function tryPatterns(
  index: PhraseIndex,
  ids: number[],
  tokens: readonly Token[],
  start: number,
  hits: Hit[],
) {
  for (const id of ids) {
    const p = index.patterns[id]!;
    const end = start + p.kinds.length;
    if (end > tokens.length) continue;
    // The index matched the first token's stem or acronym; exact and inflected forms are checked here.
    let ok =
      p.kinds[0] === STEM ||
      p.kinds[0] === ACRONYM ||
      tokenMatches(p.kinds[0]!, p.values[0]!, tokens[start]!);
    for (let k = 1; k < p.kinds.length && ok; k++)
      ok = tokenMatches(p.kinds[k]!, p.values[k]!, tokens[start + k]!);
    if (ok) hits.push({ pattern: id, start, end });
  }
}

/** Every occurrence of every indexed phrase in `tokens` (overlaps included), in token order. */
export function findHits(index: PhraseIndex, tokens: readonly Token[]): Hit[] {
  const hits: Hit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const byStem = index.byStem.get(token.stem);
    if (byStem) tryPatterns(index, byStem, tokens, i, hits);
    if (index.byAcronym.size > 0 && hasCapital(token.raw)) {
      const exact = index.byAcronym.get(token.raw);
      if (exact) tryPatterns(index, exact, tokens, i, hits);
      if (token.raw.endsWith('s')) {
        const plural = index.byAcronym.get(token.raw.slice(0, -1));
        if (plural) tryPatterns(index, plural, tokens, i, hits);
      }
    }
  }
  return hits;
}
