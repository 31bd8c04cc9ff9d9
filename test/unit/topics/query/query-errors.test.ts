import { describe, expect, it } from 'vitest';
import {
  compileQuery,
  MAX_PHRASE_WORDS,
  MAX_QUERY_DEPTH,
  MAX_QUERY_LENGTH,
} from '../../../../lib/topics/query';
import { expectError } from './query-test-helpers';

/** Every error the compiler gives: [query, position, message]. Positions are 0-based string indices. */
const cases: Array<[string, number, string]> = [
  ['', 0, 'Empty query'],
  ['   \n\t', 0, 'Empty query'],
  ['agents "world model', 7, 'Unclosed quote starting at 7'],
  ['a "', 2, 'Unclosed quote starting at 2'],
  ['a ""', 2, 'Empty quoted phrase at 2'],
  ['"   " b', 0, 'Empty quoted phrase at 0'],
  [
    'xx:agents',
    0,
    "Unknown field 'xx:'; use ti:, abs:, au:, cat: or topic: (or put the text in quotes to search for it)",
  ],
  [
    'a all:b',
    2,
    "Unknown field 'all:'; use ti:, abs:, au:, cat: or topic: (or put the text in quotes to search for it)",
  ],
  ['a NOT b', 2, "'NOT' is not an operator; to exclude a term write ANDNOT before it"],
  ['a AND not b', 6, "'not' is not an operator; to exclude a term write ANDNOT before it"],
  [
    'a or b',
    2,
    `'or' is read as a word; write OR in capitals for the operator, or "or" in quotes to search for the word`,
  ],
  [
    'a And b',
    2,
    `'And' is read as a word; write AND in capitals for the operator, or "And" in quotes to search for the word`,
  ],
  ['agents -robot', 7, "A leading '-' does not exclude a term; write ANDNOT robot instead"],
  ['ti:', 0, 'ti: needs a word, a quoted phrase or a parenthesised group after it'],
  ['a au: AND b', 2, 'au: needs a word, a quoted phrase or a parenthesised group after it'],
  ['ti:abs:world', 0, 'ti: needs a word, a quoted phrase or a parenthesised group after it'],
  ['(a cat:)', 3, 'cat: needs a word, a quoted phrase or a parenthesised group after it'],
  ['a ()', 2, 'Empty parentheses'],
  ['(a OR (b)', 9, 'Expected a closing parenthesis for the one opened at 0'],
  ['x (a OR b', 9, 'Expected a closing parenthesis for the one opened at 2'],
  ['a (', 3, 'Expected a closing parenthesis for the one opened at 2'],
  ['a) b', 1, 'This closing parenthesis has no opening one'],
  [')', 0, 'This closing parenthesis has no opening one'],
  ['ANDNOT robot', 0, 'ANDNOT needs a term on its left'],
  ['(ANDNOT robot)', 1, 'ANDNOT needs a term on its left'],
  ['OR a', 0, 'OR needs a term on its left'],
  ['AND', 0, 'AND needs a term on its left'],
  ['a AND', 2, 'AND needs a term on its right'],
  ['a AND OR b', 2, 'AND needs a term on its right'],
  ['(a ANDNOT) b', 3, 'ANDNOT needs a term on its right'],
  ['a OR', 2, 'OR needs a term on its right'],
  ['a OR ANDNOT b', 2, 'OR needs a term on its right'],
  ['a OR OR b', 2, 'OR needs a term on its right'],
  ['a !!!', 2, "'!!!' has no letters or digits to search for"],
  [`x ${'!'.repeat(500)}`, 2, `'${'!'.repeat(37)}...' has no letters or digits to search for`],
  ['"%% --"', 0, "'%% --' has no letters or digits to search for"],
  ['au:"."', 3, "'.' has no letters or digits to search for"],
  ['a " agent* systems"', 9, "'*' works on single words, not inside quoted phrases"],
  ['ag*nt', 2, "'*' can only end a word, as in agent* (prefix search)"],
  ['multi-agent*', 0, "A prefix search needs plain letters or digits before '*', as in agent*"],
  ['a*', 0, "A prefix search needs at least 2 letters before '*'"],
  ['au:s*', 3, "A prefix search needs at least 2 letters before '*'"],
  ['cat:c*', 4, "'c*' is not an arXiv category; write one like cs.RO, or cs (or cs.*) for a whole archive"],
  [
    'cat:cs.RO.x',
    4,
    "'cs.RO.x' is not an arXiv category; write one like cs.RO, or cs (or cs.*) for a whole archive",
  ],
  [
    'cat:"cs RO"',
    4,
    "'cs RO' is not an arXiv category; write one like cs.RO, or cs (or cs.*) for a whole archive",
  ],
];

describe('query errors', () => {
  it.each(cases)('%j fails at %i: %s', (query, position, message) => {
    expectError(query, position, message);
  });

  it(`rejects a query longer than ${MAX_QUERY_LENGTH} characters, pointing at the limit`, () => {
    const long = 'agents '.repeat(300);
    expectError(
      long,
      MAX_QUERY_LENGTH,
      `Query is too long: ${long.length} characters, at most ${MAX_QUERY_LENGTH}`,
    );
    expect(compileQuery('a'.repeat(MAX_QUERY_LENGTH)).ok).toBe(true);
  });

  it(`rejects parentheses nested more than ${MAX_QUERY_DEPTH} deep, pointing at the first one too many`, () => {
    const deep = `${'('.repeat(MAX_QUERY_DEPTH + 1)}a${')'.repeat(MAX_QUERY_DEPTH + 1)}`;
    expectError(
      deep,
      MAX_QUERY_DEPTH,
      `Parentheses are nested too deeply (at most ${MAX_QUERY_DEPTH} levels)`,
    );
    const spaced = `${'x ( '.repeat(MAX_QUERY_DEPTH + 1)}a`;
    expectError(spaced, 4 * MAX_QUERY_DEPTH + 2, /nested too deeply/);
  });

  it(`rejects a phrase of more than ${MAX_PHRASE_WORDS} words, pointing at it and saying the limit`, () => {
    const long = `agents "${'word '.repeat(MAX_PHRASE_WORDS + 1).trim()}"`;
    expectError(
      long,
      7,
      `A quoted phrase can have at most ${MAX_PHRASE_WORDS} words; this one has ${MAX_PHRASE_WORDS + 1}`,
    );
    expect(compileQuery(`"${'word '.repeat(MAX_PHRASE_WORDS).trim()}"`).ok).toBe(true);
  });

  it('never throws on input that is not a string', () => {
    for (const bad of [undefined, null, 42, {}, ['a']]) {
      expect(compileQuery(bad as unknown as string)).toEqual({
        ok: false,
        error: { position: 0, message: 'Empty query' },
      });
    }
  });

  it('accepts the operators-as-words when quoted, and acronyms that look like operators', () => {
    for (const query of ['"or"', '"AND"', '"NOT"', '"-robot"', 'cat:cs.RO', 'agents OR "OR"']) {
      expect(compileQuery(query).ok, query).toBe(true);
    }
  });
});
