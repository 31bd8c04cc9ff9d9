import { describe, expect, it } from 'vitest';
import type { TaggableText } from '../../../../lib/paper';
import {
  type CompiledQuery,
  compileQuery,
  describeQuery,
  MAX_QUERY_DEPTH,
  MAX_QUERY_LENGTH,
  matchPrepared,
  matchQuery,
  prepareText,
} from '../../../../lib/topics/query';
import { compileQueryMetered, INTERNAL_ERROR_MESSAGE } from '../../../../lib/topics/query/compile-query';
import { matchPreparedMetered } from '../../../../lib/topics/query/match-query';
import { allPapers } from './papers';
import { createRandom, grammarQuery, type Random, randomChars, randomTokens } from './random-queries';

/**
 * Thousands of random and hostile strings through compileQuery and, when they compile, matchQuery: no
 * exception, always a well-formed result, and work bounded by the input (steps counted, not timed).
 */

const unicodePaper: TaggableText = {
  title: 'Schrödinger Bridges 和 深度学习 \u{1F600} for LLMs',
  abstract: `Modèles de langage \u200B zero-width; RTL \u202Eagents\u202C; lone \uD800 surrogate; ${'α'.repeat(50)}`,
  categories: ['cs.LG', 'math.PR', ''],
  authors: ['Zoë Ångström', '', 'Ｆｕｌｌ Ｗｉｄｔｈ'],
};
const papers = [...allPapers, unicodePaper];
const prepared = papers.map((paper) => prepareText(paper));
const textTokens = (paper: TaggableText): number =>
  `${paper.title} ${paper.abstract} ${(paper.authors ?? []).join(' ')} ${paper.categories.join(' ')}`.length;

const WHERE = new Set(['title', 'abstract', 'category', 'author']);

function checkQuery(query: string): CompiledQuery | undefined {
  const meter = { steps: 0 };
  const result = compileQueryMetered(query, meter);
  // Compiling looks at each character and token a bounded number of times.
  expect(meter.steps, query).toBeLessThanOrEqual(8 * query.length + 8);
  expect(compileQuery(query)).toEqual(result);
  if (!result.ok) {
    expect(Number.isInteger(result.error.position), query).toBe(true);
    expect(result.error.position).toBeGreaterThanOrEqual(0);
    expect(result.error.position).toBeLessThanOrEqual(Math.max(query.length, MAX_QUERY_LENGTH));
    expect(result.error.message.length).toBeGreaterThan(0);
    expect(result.error.message, query).not.toBe(INTERNAL_ERROR_MESSAGE);
    // The parser's last-resort message: every real case has a more specific one.
    expect(result.error.message, query).not.toBe('Unexpected end of query');
    return undefined;
  }
  const { query: compiled } = result;
  const rendered = describeQuery(compiled);
  const again = compileQuery(rendered);
  // Explicit ANDs and per-term prefixes can make the rendering longer than the limit; only then may it fail.
  expect(again.ok || rendered.length > MAX_QUERY_LENGTH, `${query} -> ${rendered}`).toBe(true);
  if (again.ok) expect(describeQuery(again.query), query).toBe(rendered);
  papers.forEach((paper, i) => {
    const matchMeter = { steps: 0 };
    const evidence = matchPreparedMetered(compiled, prepared[i]!, matchMeter);
    // Work is at most proportional to query size x text size (per term: one pass over its words).
    expect(matchMeter.steps, query).toBeLessThanOrEqual(4 * (query.length + 1) * (textTokens(paper) + 1));
    expect(matchQuery(compiled, paper)).toEqual(evidence);
    expect(matchPrepared(compiled, prepared[i]!)).toEqual(evidence);
    if (evidence !== null) {
      expect(evidence.length, query).toBeGreaterThan(0);
      for (const item of evidence) {
        expect(WHERE.has(item.where)).toBe(true);
        expect(typeof item.phrase).toBe('string');
      }
      // The canonical rendering means the same thing.
      if (again.ok) expect(matchQuery(again.query, paper), `${query} -> ${rendered}`).toEqual(evidence);
    }
  });
  return compiled;
}

function run(count: number, make: (random: Random) => string, seed: number): number {
  const random = createRandom(seed);
  let ok = 0;
  for (let i = 0; i < count; i++) if (checkQuery(make(random))) ok++;
  return ok;
}

describe('query fuzz', () => {
  it('survives random characters from the grammar’s alphabet and beyond', () => {
    run(2000, (random) => randomChars(random, random.int(40)), 1);
  });

  it('survives random sequences of grammar tokens, compiling a good share of them', () => {
    const ok = run(2500, (random) => randomTokens(random, 1 + random.int(12)), 2);
    expect(ok).toBeGreaterThan(200);
  });

  it('compiles every query generated from the grammar', () => {
    const random = createRandom(3);
    for (let i = 0; i < 1500; i++) {
      const query = grammarQuery(random, 4);
      expect(checkQuery(query), query).toBeDefined();
    }
  });

  it('survives adversarial shapes', () => {
    const shapes = [
      '('.repeat(5000),
      ')'.repeat(5000),
      `${'('.repeat(MAX_QUERY_DEPTH + 1)}a`,
      `${'('.repeat(MAX_QUERY_DEPTH)}a${')'.repeat(MAX_QUERY_DEPTH)}`,
      `${'( a OR '.repeat(MAX_QUERY_DEPTH)}b${' )'.repeat(MAX_QUERY_DEPTH)}`,
      '"'.repeat(1999),
      '"'.repeat(2000),
      `"${'a '.repeat(990)}`,
      'a'.repeat(MAX_QUERY_LENGTH),
      'a'.repeat(1_000_000),
      'AND OR ANDNOT '.repeat(100),
      'ti:'.repeat(600),
      'cat:'.repeat(400),
      '*'.repeat(1000),
      `${'a OR '.repeat(399)}a`,
      `${'"a a a a" '.repeat(190)}`,
      `${'ab* '.repeat(400)}`,
      `${'au:(x OR '.repeat(45)}y${')'.repeat(45)}`,
      '\u0000\u0001\u0002',
      'constructor OR __proto__ OR toString OR hasOwnProperty',
      'constructor:x',
      '\uD800\uDC00\uD800',
      '\u{1F600}'.repeat(500),
      '\u202E agents \u202C',
      'a\u00A0b\u2028c\u3000d',
      '\u201Cworld model\u201D AND \u201Cunclosed',
      '́́́ combining',
      'ﬁ ligature ＦＵＬＬ',
      'İstanbul ß ǅ',
      `${' '.repeat(1999)}x`,
    ];
    for (const shape of shapes) checkQuery(shape);
  });

  it('rejects huge inputs at the length limit without reading them', () => {
    const meter = { steps: 0 };
    const result = compileQueryMetered('(agents '.repeat(1_000_000), meter);
    expect(result.ok).toBe(false);
    expect(meter.steps).toBe(0);
  });
});
