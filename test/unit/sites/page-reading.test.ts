// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { PaperRefSchema } from '../../../lib/paper';
import {
  categoriesFromSubjects,
  categoryFromLabel,
  isArxivCategory,
} from '../../../lib/sites/arxiv-categories';
import { displayAuthorName, splitAuthorList } from '../../../lib/sites/author-name';
import { buildRef } from '../../../lib/sites/build-ref';
import { cleanText, stripTags } from '../../../lib/sites/page/clean-text';
import { readText } from '../../../lib/sites/page/read-text';
import { parseDayMonthYear, parseMetaDate, parseSubmissionDate } from '../../../lib/sites/page-dates';
import { parseHtml } from './fixture';

const body = (html: string) => parseHtml(`<html><body>${html}</body></html>`).body;

describe('readText', () => {
  it('leaves out scripts, styles and form controls, keeps text around images', () => {
    expect(
      readText(
        body(
          'A<script>evil()</script> B<style>p{}</style><img src=x onerror=alert(1)> C<noscript>no</noscript><button>Expand</button>',
        ),
      ),
    ).toBe('A B C');
  });

  it('separates block elements and joins inline ones', () => {
    expect(readText(body('<p>one</p><p>two</p>A<b>B</b>C<br>D')).replace(/\s+/g, ' ').trim()).toBe(
      'one two ABC D',
    );
  });

  it('reads MathJax 2 output as its TeX source, once', () => {
    const html =
      'x <span class="MathJax_Preview"></span><span class="MathJax"><span>α</span><span class="MJX_Assistive_MathML"><math><mi>α</mi></math></span></span><script type="math/tex">\\alpha</script> y ' +
      '<span class="MathJax_Display"><span>∑</span></span><script type="math/tex; mode=display">\\sum_i x_i</script>';
    expect(cleanText(readText(body(html)), 1000)).toBe('x $\\alpha$ y $\\sum_i x_i$');
  });

  it('reads MathJax 3 output by its assistive MathML and MathML by its alttext', () => {
    expect(
      cleanText(
        readText(
          body(
            'a <mjx-container class="MathJax"><mjx-math>junk</mjx-math><mjx-assistive-mml><math><mi>k</mi></math></mjx-assistive-mml></mjx-container> b',
          ),
        ),
        100,
      ),
    ).toBe('a k b');
    expect(
      cleanText(readText(body('a <math alttext="x^{2}"><msup><mi>x</mi><mn>2</mn></msup></math> b')), 100),
    ).toBe('a $x^{2}$ b');
  });

  it('skips the classes it is told to skip', () => {
    expect(
      readText(body('<h1><span class="descriptor">Title:</span>Real</h1>'), {
        skipClasses: ['descriptor'],
      }).trim(),
    ).toBe('Real');
  });

  it('survives very deep nesting and stops at its bound on huge text', () => {
    const deep = `${'<span>'.repeat(5000)}deep${'</span>'.repeat(5000)}`;
    expect(readText(body(deep)).trim()).toBe('deep');
    const huge = body(`<p>${'lorem ipsum '.repeat(20_000)}</p><p>${'x '.repeat(20_000)}</p>`);
    expect(readText(huge, { maxChars: 1000 }).length).toBeLessThan(300_000);
    expect(readText(null)).toBe('');
  });
});

describe('cleanText', () => {
  it('collapses whitespace, trims and cuts to the bound without splitting a surrogate pair', () => {
    expect(cleanText('  a\n\t b  ', 100)).toBe('a b');
    expect(cleanText('abcdef', 3)).toBe('abc');
    expect(cleanText('ab😀', 3)).toBe('ab');
    expect(stripTags('<h3>Abstract</h3> <p>Text</p>').replace(/\s+/g, ' ').trim()).toBe('Abstract Text');
  });
});

describe('author names', () => {
  it.each([
    ['Riedl, Mark O.', 'Mark O. Riedl'],
    ['de la Cruz, María José', 'María José de la Cruz'],
    ['King, Jr., Martin Luther', 'Martin Luther King Jr.'],
    ['Teven Le Scao', 'Teven Le Scao'],
    ['  Heibi,   Ivan ', 'Ivan Heibi'],
    [', Nobody', ', Nobody'],
  ])('%s -> %s', (raw, expected) => {
    expect(displayAuthorName(raw)).toBe(expected);
  });

  it('splits visible author lines', () => {
    expect(splitAuthorList('A. One, B. Two and C. Three & D. Four')).toEqual([
      'A. One',
      'B. Two',
      'C. Three',
      'D. Four',
    ]);
    expect(splitAuthorList('Alexander Anderson')).toEqual(['Alexander Anderson']);
  });
});

describe('arXiv categories', () => {
  it('recognises codes and reads them out of labels', () => {
    for (const code of [
      'cs.LG',
      'hep-th',
      'cond-mat.stat-mech',
      'math-ph',
      'q-bio.NC',
      'physics.comp-ph',
      'stat.ML',
      'eess.SY',
    ]) {
      expect(isArxivCategory(code), code).toBe(true);
    }
    for (const bad of ['', 'CS.LG', 'cs.', 'cs LG', 'really', 'foo.BA', 'a'.repeat(41), '<b>cs.LG</b>'])
      expect(isArxivCategory(bad), bad).toBe(false);
    expect(categoryFromLabel('Machine Learning (cs.LG)')).toBe('cs.LG');
    expect(categoryFromLabel('Statistical Mechanics (cond-mat.stat-mech)')).toBe('cond-mat.stat-mech');
    expect(categoryFromLabel('Nonsense (really)')).toBeNull();
    expect(
      categoriesFromSubjects(
        'Machine Learning (cs.LG); Artificial Intelligence (cs.AI); Machine Learning (cs.LG); x',
      ),
    ).toEqual(['cs.LG', 'cs.AI']);
  });
});

describe('page dates', () => {
  it('turns what the sites print into ISO 8601, or nothing', () => {
    expect(parseMetaDate('2021/06/17')).toBe('2021-06-17');
    expect(parseMetaDate('2021/6')).toBe('2021-06');
    expect(parseMetaDate('2017')).toBe('2017');
    expect(parseMetaDate('2025-10-16T17:59:37Z')).toBe('2025-10-16T17:59:37Z');
    expect(parseMetaDate('2025-10-16T17:59:37.123+02:00')).toBe('2025-10-16T15:59:37Z');
    for (const bad of [undefined, '', '2021/02/30', '2021/13/01', 'June 2021', '0000', '2021/06/17 junk'])
      expect(parseMetaDate(bad)).toBeUndefined();
    expect(parseSubmissionDate('Thu, 17 Jun 2021 15:45:54 UTC (400 KB)')).toBe('2021-06-17T15:45:54Z');
    expect(parseSubmissionDate('Submitted on 7 Feb 2019')).toBe('2019-02-07');
    expect(parseSubmissionDate('31 Feb 2019')).toBeUndefined();
    expect(parseDayMonthYear('2 December, 2025')).toBe('2025-12-02');
    expect(parseDayMonthYear('2 Decembrr, 2025')).toBeUndefined();
  });
});

const letter = (n: number) => String.fromCharCode(65 + (Math.floor(n) % 26));

describe('buildRef', () => {
  it('bounds every field to what PaperRefSchema accepts', () => {
    const ref = buildRef({
      arxivId: '2606.32040v2',
      doi: 'https://doi.org/10.1000/ABC',
      title: 't'.repeat(5000),
      abstract: 'a '.repeat(30_000),
      authors: Array.from({ length: 6000 }, (_, i) => `Author ${i} ${'x'.repeat(i === 0 ? 1000 : 0)}`),
      categories: [
        'cs.LG',
        'cs.LG',
        'bogus category',
        ...Array.from({ length: 100 }, (_, i) => `cs.${letter(i / 26)}${letter(i)}`),
      ],
      published: '2026-06-24T17:59:01Z',
    });
    expect(ref).not.toBeNull();
    expect(PaperRefSchema.safeParse(ref).success).toBe(true);
    expect(ref).toMatchObject({ arxivId: '2606.32040', version: 2, doi: '10.1000/abc' });
    expect(ref!.categories[0]).toBe('cs.LG');
    expect(ref!.categories).toHaveLength(50);
    expect(ref!.authors).toHaveLength(5000);
  });

  it('returns null when nothing identifies the paper, and drops junk ids', () => {
    expect(buildRef({})).toBeNull();
    expect(buildRef({ title: '   ', arxivId: 'nope', doi: 'nope' })).toBeNull();
    expect(buildRef({ title: 'T', arxivId: 'nope', version: 0 })).toEqual({
      title: 'T',
      authors: [],
      categories: [],
    });
  });
});
