/**
 * Words of a title or abstract as discovery reads them: runs of letters and digits ("Qwen2.5", "3D"),
 * split into segments at punctuation so that no phrase crosses a comma, a bracket or a sentence end.
 * Hyphens join words of one segment, so "vision-language model" and "vision language model" are the same
 * three words.
 */

export interface Word {
  /** Lower case, plural folded: "llm", "gaussian". The unit phrases are keyed on. */
  key: string;
  /** Where the word is in the text: [start, end), so a phrase's surface is the text between its words. */
  start: number;
  end: number;
}

/** The segments of a text, each a list of words (with their place in the text); empty ones are dropped. */
export function segments(text: string): Word[][] {
  const out: Word[][] = [];
  let current: Word[] = [];
  forEachWord(text, (raw, start) => {
    if (raw !== undefined) current.push({ key: foldCached(raw), start, end: start + raw.length });
    else if (current.length > 0) {
      out.push(current);
      current = [];
    }
  });
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * The words of a text in order, with `undefined` where a segment ends. A word is a run of letters and
 * digits (a dot between digits stays inside: "2.5"); whitespace and hyphens separate words without ending
 * the segment, any other mark ends it.
 */
export function forEachWord(text: string, visit: (raw: string | undefined, start: number) => void): void {
  forEachWordSpan(text, (start, end) => visit(start === end ? undefined : text.slice(start, end), start));
}

/**
 * `forEachWord` as places in the text: each word's [start, end), and an empty span where a segment ends.
 * A hand-written scan that slices no string: this runs over every word of 50,000 papers.
 */
export function forEachWordSpan(text: string, visit: (start: number, end: number) => void): void {
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isWordChar(c, text, i)) {
      const start = i;
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (isWordChar(d, text, i)) i++;
        // "2.5": a dot between two digits.
        else if (d === 46 && isDigit(text.charCodeAt(i - 1)) && isDigit(text.charCodeAt(i + 1))) i += 2;
        else break;
      }
      visit(start, i);
    } else {
      if (!isSeparator(c)) visit(i, i);
      i++;
    }
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}\p{M}]/u;

function isWordChar(c: number, text: string, i: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  // Surrogate pairs and other scripts: rare in this text, so the regex is fine here.
  return LETTER_OR_DIGIT.test(text[i]!);
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
