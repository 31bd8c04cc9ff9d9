import { forEachWordSpan as eachWord, normalizeText } from '../text/words';

/**
 * Words of a title or abstract as discovery reads them: the words of lib/text/words.ts (as the tagger and
 * search split them), grouped into segments at punctuation so that no phrase crosses a comma, a bracket or
 * a sentence end. Hyphens join words of one segment, so "vision-language model" and "vision language
 * model" are the same three words; so does a dot between digits ("Qwen2.5" is "qwen2", "5").
 */

export interface Word {
  /** Lower case, plural folded: "llm", "gaussian". The unit phrases are keyed on. */
  key: string;
  /** Where the word is in the normalised text (`normalizeText`): [start, end), so a phrase's surface is
   * the text between its words. */
  start: number;
  end: number;
}

/**
 * The segments of a text, each a list of words (with their place in `normalizeText(text)`, which is the
 * text itself unless it holds decomposed accents); empty ones are dropped.
 */
export function segments(text: string): Word[][] {
  const composed = normalizeText(text);
  const out: Word[][] = [];
  let current: Word[] = [];
  forEachWordSpan(composed, (start, end) => {
    if (start !== end) current.push({ key: foldCached(composed.slice(start, end)), start, end });
    else if (current.length > 0) {
      out.push(current);
      current = [];
    }
  });
  if (current.length > 0) out.push(current);
  return out;
}

/** The words of a text in order, with `undefined` where a segment ends. */
export function forEachWord(text: string, visit: (raw: string | undefined, start: number) => void): void {
  const composed = normalizeText(text);
  forEachWordSpan(composed, (start, end) =>
    visit(start === end ? undefined : composed.slice(start, end), start),
  );
}

/**
 * The words of a normalised text (`normalizeText`) as places: each word's [start, end), and an empty span
 * between two words where a segment ends: whitespace and hyphens between them keep the segment, any other
 * mark ends it (a dot between two digits does not: "2.5").
 */
export function forEachWordSpan(text: string, visit: (start: number, end: number) => void): void {
  let last = -1;
  eachWord(text, (start, end) => {
    if (last >= 0 && endsSegment(text, last, start)) visit(last, last);
    visit(start, end);
    last = end;
  });
}

/** Whether the text between two words, [from, to), ends a segment. */
function endsSegment(text: string, from: number, to: number): boolean {
  if (to === from + 1 && isJoin(text, from)) return false;
  for (let i = from; i < to; i++) if (!isSeparator(text.charCodeAt(i))) return true;
  return false;
}

/**
 * Whether the one character at `at`, between two words, joins them into a compound: a hyphen ("feed-forward",
 * "vision–language–action") or a dot between digits ("Qwen2.5").
 */
export function isJoin(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c === 46) return isDigit(text.charCodeAt(at - 1)) && isDigit(text.charCodeAt(at + 1));
  return c === 45 || c === 0x2010 || c === 0x2011 || c === 0x2013;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

// Space, tab, newline, hyphen and the Unicode hyphens and the en dash, which papers also use inside compound
// words ("vision–language–action").
function isSeparator(c: number): boolean {
  return (
    c === 32 ||
    c === 9 ||
    c === 10 ||
    c === 13 ||
    c === 45 ||
    c === 0x2010 ||
    c === 0x2011 ||
    c === 0x2013 ||
    c === 0xa0
  );
}

// Folding is the same for every occurrence of a word: remember it (bounded, so a long run cannot grow it
// without limit).
const FOLDED = new Map<string, string>();

function foldCached(raw: string): string {
  let key = FOLDED.get(raw);
  if (key === undefined) {
    key = foldWord(raw);
    if (FOLDED.size > 200_000) FOLDED.clear();
    FOLDED.set(raw, key);
  }
  return key;
}

// Words whose final s is not a plural.
const KEEP_S = /(?:ss|us|is|as|ics|ous|ness|sis|xis)$/;

/**
 * Lower case and a light plural fold ("models" -> "model", "strategies" -> "strategy", "LLMs" -> "llm"),
 * enough to merge the variants one topic is written in; not a stemmer ("learning" stays "learning").
 */
export function foldWord(raw: string): string {
  const lower = raw.toLowerCase();
  // A capital S ends an acronym ("3DGS", "GS"), it is no plural.
  if (raw.endsWith('S')) return lower;
  if (lower.length <= 3 || !lower.endsWith('s') || KEEP_S.test(lower)) return lower;
  if (lower.endsWith('ies') && lower.length > 4) return `${lower.slice(0, -3)}y`;
  if (/(?:ches|shes|xes|sses)$/.test(lower)) return lower.slice(0, -2);
  return lower.slice(0, -1);
}
