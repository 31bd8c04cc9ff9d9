import { excerpt, QuerySyntaxError, type WorkMeter } from './query-ast';

/**
 * Splits a query into words, quoted phrases, parentheses, operators and field prefixes, in one pass: every
 * character is looked at a bounded number of times.
 *
 * A word is a run of characters other than whitespace, parentheses and quotes, so `cs.RO`, `multi-agent`
 * and `agent*` are single words; what they mean is decided later, by the field they sit in.
 */

export type LexField = 'ti' | 'abs' | 'au' | 'cat' | 'topic';

export type LexToken =
  | { kind: 'word'; text: string; pos: number }
  | { kind: 'phrase'; text: string; pos: number }
  | { kind: 'field'; field: LexField; pos: number }
  | { kind: 'lparen' | 'rparen' | 'and' | 'or' | 'andnot'; pos: number };

// Typographic quotes arrive when a query is pasted from a document; they mean the same as ".
const QUOTES = new Set(['"', '\u201C', '\u201D']);
const FIELDS: ReadonlySet<string> = new Set<LexField>(['ti', 'abs', 'au', 'cat', 'topic']);
// A Map, not an object literal: a word like `constructor` must not find Object.prototype's members.
const OPERATORS: ReadonlyMap<string, 'and' | 'or' | 'andnot'> = new Map([
  ['AND', 'and'],
  ['OR', 'or'],
  ['ANDNOT', 'andnot'],
]);
const ASCII_LETTER = /[A-Za-z]/;
const SPACE = /\s/;

function endsWord(ch: string): boolean {
  return ch === '(' || ch === ')' || QUOTES.has(ch) || SPACE.test(ch);
}

export function lexQuery(query: string, meter: WorkMeter): LexToken[] {
  const tokens: LexToken[] = [];
  let i = 0;
  while (i < query.length) {
    meter.steps++;
    const ch = query.charAt(i);
    if (SPACE.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ kind: ch === '(' ? 'lparen' : 'rparen', pos: i });
      i++;
    } else if (QUOTES.has(ch)) {
      i = lexPhrase(query, i, tokens, meter);
    } else {
      i = lexWord(query, i, tokens, meter);
    }
  }
  return tokens;
}

function lexPhrase(query: string, start: number, tokens: LexToken[], meter: WorkMeter): number {
  let end = start + 1;
  let star = -1;
  while (end < query.length && !QUOTES.has(query.charAt(end))) {
    meter.steps++;
    if (star < 0 && query.charAt(end) === '*') star = end;
    end++;
  }
  if (end >= query.length) throw new QuerySyntaxError(start, `Unclosed quote starting at ${start}`);
  if (star >= 0) throw new QuerySyntaxError(star, "'*' works on single words, not inside quoted phrases");
  const text = query
    .slice(start + 1, end)
    .trim()
    .replace(/\s+/g, ' ');
  if (text === '') throw new QuerySyntaxError(start, `Empty quoted phrase at ${start}`);
  tokens.push({ kind: 'phrase', text, pos: start });
  return end + 1;
}

function lexWord(query: string, start: number, tokens: LexToken[], meter: WorkMeter): number {
  // A field prefix is recognised from its letters and colon alone, without reading the rest of the run:
  // rereading the run after each prefix would make `ti:ti:ti:...` quadratic.
  let end = start;
  while (end < query.length && ASCII_LETTER.test(query.charAt(end))) {
    meter.steps++;
    end++;
  }
  if (end > start && query.charAt(end) === ':') {
    const name = query.slice(start, end);
    const field = name.toLowerCase();
    if (!FIELDS.has(field)) {
      throw new QuerySyntaxError(
        start,
        `Unknown field '${excerpt(name)}:'; use ti:, abs:, au:, cat: or topic: (or put the text in quotes to search for it)`,
      );
    }
    tokens.push({ kind: 'field', field: field as LexField, pos: start });
    return end + 1;
  }
  while (end < query.length && !endsWord(query.charAt(end))) {
    meter.steps++;
    end++;
  }
  const text = query.slice(start, end);
  const operator = OPERATORS.get(text);
  if (operator) {
    tokens.push({ kind: operator, pos: start });
    return end;
  }
  rejectLookalikeOperator(text, start);
  tokens.push({ kind: 'word', text, pos: start });
  return end;
}

/**
 * Whether a word can stand unquoted in a query as the word itself: not an operator (AND, OR, ANDNOT), not
 * refused as a lookalike of one (NOT, and, or), no leading '-'. Code that writes queries (learned topics,
 * emerging phrases) quotes any other word: examples that share the acronym ANDNOT must still compile.
 */
export function standsBare(word: string): boolean {
  return !['and', 'or', 'andnot', 'not'].includes(word.toLowerCase()) && !word.startsWith('-');
}

/**
 * Words that look like operators but are not: searching for them would match nearly every paper or do the
 * opposite of what was meant, so they are errors with a hint instead of silent surprises.
 */
function rejectLookalikeOperator(text: string, pos: number): void {
  const lower = text.toLowerCase();
  if (lower === 'not') {
    throw new QuerySyntaxError(
      pos,
      `'${excerpt(text)}' is not an operator; to exclude a term write ANDNOT before it`,
    );
  }
  if (lower === 'and' || lower === 'or' || lower === 'andnot') {
    throw new QuerySyntaxError(
      pos,
      `'${text}' is read as a word; write ${text.toUpperCase()} in capitals for the operator, or "${text}" in quotes to search for the word`,
    );
  }
  if (text.length > 1 && text.startsWith('-') && /[\p{L}\p{N}]/u.test(text.charAt(1))) {
    throw new QuerySyntaxError(
      pos,
      `A leading '-' does not exclude a term; write ANDNOT ${excerpt(text.slice(1))} instead`,
    );
  }
}
