import { stemWord, type Token } from './text';

/**
 * Phrases compiled to token patterns and indexed by their first token, so tagging a paper is one pass
 * over its tokens with a Map lookup per token, whatever the size of the pack.
 */

/** Pattern token kinds. */
export const STEM = 0;
export const ACRONYM = 1;
export const ANY = 2;
/** A word that must be spelled this way (any case), not just share its stem: "=agentic" is not "agent". */
export const EXACT = 3;

export interface Pattern {
  kinds: number[];
  values: string[];
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

/** Capitals (and digits) only, once a plural "s" is set aside: RL, LLMs, 3DGS, VLMs. */
function acronymOf(raw: string): string | undefined {
  const bare = raw.length > 2 && raw.endsWith('s') ? raw.slice(0, -1) : raw;
  const noLowerCase = bare === bare.toUpperCase();
  const someUpperCase = bare !== bare.toLowerCase();
  return bare.length >= 2 && noLowerCase && someUpperCase ? bare : undefined;
}

// A word of the phrase language: `*`, or letters and digits, optionally marked exact with `=`.
const PATTERN_WORD = /\*|=?[\p{L}\p{N}]+/gu;

/** The pattern of one phrase, or undefined when it has no words. `*` is any one word, `=word` exact. */
export function parsePattern(phrase: string): Pattern | undefined {
  const kinds: number[] = [];
  const values: string[] = [];
  for (const [word] of phrase.matchAll(PATTERN_WORD)) {
    if (word === '*') {
      kinds.push(ANY);
      values.push('');
    } else if (word.startsWith('=')) {
      kinds.push(EXACT);
      values.push(word.slice(1).toLowerCase());
    } else {
      const acronym = acronymOf(word);
      kinds.push(acronym ? ACRONYM : STEM);
      values.push(acronym ?? stemWord(word));
    }
  }
  if (kinds.length === 0 || kinds[0] === ANY || kinds[kinds.length - 1] === ANY) return undefined;
  return { kinds, values };
}

const MARKS = ['', '#', '*', '='];

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
        // An exact word is looked up by its stem, then checked for its spelling.
        const first = p.kinds[0] === EXACT ? stemWord(p.values[0]!) : p.values[0]!;
        const list = map.get(first);
        if (list) list.push(id);
        else map.set(first, [id]);
      }
      return id;
    },
  };
  return index;
}

function hasCapital(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

function tokenMatches(kind: number, value: string, token: Token): boolean {
  if (kind === STEM) return token.stem === value;
  if (kind === ACRONYM)
    return token.raw === value || (token.raw.length === value.length + 1 && token.raw === `${value}s`);
  if (kind === EXACT) return token.raw.length === value.length && token.raw.toLowerCase() === value;
  return true;
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
    let ok = p.kinds[0] !== EXACT || tokenMatches(EXACT, p.values[0]!, tokens[start]!);
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
        const singular = index.byAcronym.get(token.raw.slice(0, -1));
        if (singular) tryPatterns(index, singular, tokens, i, hits);
      }
    }
  }
  return hits;
}
