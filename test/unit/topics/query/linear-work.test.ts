import { describe, expect, it } from 'vitest';
import type { TaggableText } from '../../../../lib/paper';
import { compileQueryMetered } from '../../../../lib/topics/query/compile-query';
import { MAX_PHRASE_WORDS, prepareText } from '../../../../lib/topics/query/index';
import { matchPreparedMetered } from '../../../../lib/topics/query/match-query';
import { compiled } from './query-test-helpers';

/**
 * Super-linear time shows up as work that grows faster than the input. Instead of timing anything, the
 * compiler and matcher count their steps, and for inputs of a pathological shape at size n and 10n the
 * larger one may cost at most 10x the smaller plus a constant.
 */
const SLACK = 60;

function compileSteps(query: string): number {
  const meter = { steps: 0 };
  compileQueryMetered(query, meter);
  return meter.steps;
}

function matchSteps(query: string, paper: TaggableText): number {
  const meter = { steps: 0 };
  matchPreparedMetered(compiled(query), prepareText(paper), meter);
  return meter.steps;
}

function expectLinear(name: string, steps: (n: number) => number, n: number): void {
  const small = steps(n);
  const large = steps(10 * n);
  expect(small, `${name}: counts some work`).toBeGreaterThan(0);
  expect(large, `${name}: ${small} steps at n=${n}, ${large} at 10n`).toBeLessThanOrEqual(10 * small + SLACK);
}

describe('compiling does linear work', () => {
  const shapes: Record<string, (n: number) => string> = {
    'long OR chain': (n) => `${'agents OR '.repeat(n)}tools`,
    'side-by-side words': (n) => 'agents '.repeat(n),
    'ANDNOT chain': (n) => `a${' ANDNOT b'.repeat(n)}`,
    'nested groups, one word each': (n) => `${'(a '.repeat(n)}${')'.repeat(n)}`,
    'nested OR groups': (n) => `${'(a OR '.repeat(n)}b${')'.repeat(n)}`,
    'alternating AND and OR groups': (n) => `${'(a (b OR '.repeat(n)}c${'))'.repeat(n)}`,
    'one long word': (n) => 'a'.repeat(n),
    'one long phrase': (n) => `"${'ab '.repeat(n)}"`,
    'unclosed quote': (n) => `a "${'x '.repeat(n)}`,
    'opening parentheses only': (n) => '('.repeat(n),
    'closing parentheses only': (n) => ')'.repeat(n),
    'operators only': (n) => 'AND OR '.repeat(n),
    'field prefixes only': (n) => 'ti:'.repeat(n),
    'quotes only': (n) => '"'.repeat(n),
    'many phrases': (n) => '"a b" '.repeat(n),
    'many phrases, then a star': (n) => `${'"a b" '.repeat(n)}*`,
    'many wildcards': (n) => 'agent* '.repeat(n),
    'many categories': (n) => 'cat:cs.RO OR '.repeat(n),
  };
  for (const [name, shape] of Object.entries(shapes)) {
    it(`${name}`, () => {
      // Nested shapes stay within the depth limit at 10n; the others within the length limit.
      const n = name.startsWith('nested') || name.startsWith('alternating') ? 4 : 15;
      expectLinear(name, (size) => compileSteps(shape(size)), n);
    });
  }
});

describe('matching does linear work', () => {
  const text = (abstract: string): TaggableText => ({
    title: '',
    abstract,
    categories: ['cs.LG'],
    authors: [],
  });

  it('in the length of the text, for a phrase whose first words repeat everywhere', () => {
    expectLinear('phrase', (n) => matchSteps('"a a a a a"', text('a a a a b '.repeat(n))), 20);
  });

  it('in the length of the text, for a phrase that ends in a word found nowhere', () => {
    expectLinear('rare end', (n) => matchSteps('"a a a a z"', text('a '.repeat(n))), 50);
  });

  it('in the length of the text, for a query of many phrases and wildcards', () => {
    const query = `${'"a a a b" OR ab* OR '.repeat(20)} zz ANDNOT "a a"`;
    expectLinear('many terms', (n) => matchSteps(query, text('a a a c ab '.repeat(n))), 20);
  });

  it('in the number of authors and categories', () => {
    const paper = (n: number): TaggableText => ({
      title: '',
      abstract: '',
      categories: Array.from({ length: n }, (_, i) => `cs.X${i}`),
      authors: Array.from({ length: n }, (_, i) => `Jane Q. Doe${i}`),
    });
    expectLinear('authors', (n) => matchSteps('au:"jane q nobody" OR cat:math OR au:sm*', paper(n)), 20);
  });

  it('reads only the fields a query asks about', () => {
    const long = text('agents '.repeat(5000));
    expect(matchSteps('cat:cs.LG OR au:smith', long)).toBeLessThan(20);
    expect(matchSteps('ti:agents', long)).toBeLessThan(20);
  });

  it('in the length of the text whatever the phrase length: a long phrase of words found everywhere', () => {
    // Checking each place the rarest word occurs costs phrase length x text; the scan must not.
    // Every word of the phrase is on every other place of the text; only its end differs ("b b").
    const phrase = `"${'a b '.repeat(MAX_PHRASE_WORDS / 2 - 1)}b b"`;
    const paper = text('a b '.repeat(2000));
    const tokens = 4000;
    expect(matchSteps(phrase, paper)).toBeLessThanOrEqual(3 * tokens + 4 * MAX_PHRASE_WORDS);
  });

  it('in the length of the query, for a fixed text', () => {
    const paper = text('a a a a b '.repeat(100));
    expectLinear('long query', (n) => matchSteps(`${'"a a a a a" OR '.repeat(n)}zz`, paper), 10);
  });
});
