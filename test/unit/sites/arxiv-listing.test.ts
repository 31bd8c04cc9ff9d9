// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { arxivListingAdapter, listingCategory } from '../../../lib/sites/adapters/arxiv-listing';
import { elementCount, extract, loadFixture, parseHtml } from './fixture';

const NEW_URL = 'https://arxiv.org/list/cs.LG/new';

describe('arXiv listing: new, with abstracts and three sections', () => {
  const doc = loadFixture('arxiv-list-new.html');
  const found = extract(arxivListingAdapter, doc, NEW_URL);

  it('finds every entry, in page order, with its section', () => {
    expect(found.map((p) => [p.ref.arxivId, p.section])).toEqual([
      ['2606.32040', 'new'],
      ['2606.31877', 'new'],
      ['2606.30001', 'new'],
      ['2606.29999', 'cross-list'],
      ['2606.28888', 'cross-list'],
      ['2509.01234', 'replacement'],
      ['hep-th/9901001', 'replacement'],
    ]);
  });

  it('reads title, authors, categories (primary first) and the abstract', () => {
    expect(found[0]!.ref).toEqual({
      arxivId: '2606.32040',
      title: 'Sparse Rewards, Dense Signals: On-Policy Distillation for Agentic RL',
      authors: ['Chiamaka Okafor', 'Per-Erik Lindqvist', 'María José de la Cruz'],
      categories: ['cs.LG', 'cs.AI'],
      abstract:
        'We study on-policy distillation for agents trained with sparse rewards. With $k$ teacher rollouts per step the student matches the teacher.',
    });
    expect(found[1]!.ref.categories).toEqual(['cs.LG', 'cs.CV', 'cs.GR']);
    expect(found[1]!.ref.abstract).toBe(
      '3D Gaussian Splatting needs posed images. We remove the poses. See https://example.org/gs.',
    );
    expect(found[2]!.ref.categories).toEqual(['stat.ML', 'cs.LG']);
    expect(found[4]!.ref.categories).toEqual(['eess.SY', 'cs.LG', 'math.OC']);
  });

  it('treats "(author list is unavailable)" as one text, not as authors split on commas', () => {
    expect(found[2]!.ref.authors).toEqual(['(author list is unavailable)']);
  });

  it('has no abstract for replacements, which the page does not show', () => {
    expect(found[5]!.ref.abstract).toBeUndefined();
    expect(found[6]!.ref.categories).toEqual(['hep-th', 'cs.LG']);
  });

  it('uses the <dd> as the entry and puts the UI after the title', () => {
    for (const paper of found) {
      expect(paper.entry.localName).toBe('dd');
      expect(paper.anchor.classList.contains('list-title')).toBe(true);
      expect(paper.placement).toBe('after');
    }
  });

  it('puts the filter bar above the first list', () => {
    const root = arxivListingAdapter.listRoot?.(doc);
    expect(root?.localName).toBe('dl');
    expect(root).toBe(doc.querySelector('dl'));
  });
});

describe('arXiv listing: recent, without abstracts', () => {
  const found = extract(
    arxivListingAdapter,
    loadFixture('arxiv-list-recent.html'),
    'https://arxiv.org/list/cs.AI/recent',
  );

  it('reads every day section, marks cross-lists and replacements from the entry itself', () => {
    expect(found.map((p) => [p.ref.arxivId, p.section ?? null])).toEqual([
      ['2606.33001', null],
      ['2606.32999', 'cross-list'],
      ['2606.31000', 'replacement'],
    ]);
    expect(found[0]!.ref).toEqual({
      arxivId: '2606.33001',
      title: 'Tool-Using Agents that Plan Twice',
      authors: ['Giulia Rossi', 'Andrew Ng'],
      categories: ['cs.AI'],
    });
  });
});

describe('arXiv listing: empty and broken pages', () => {
  it('finds nothing on "No updates for this time period."', () => {
    const doc = loadFixture('arxiv-list-empty.html');
    expect(extract(arxivListingAdapter, doc, 'https://arxiv.org/list/q-fin/1991-01')).toEqual([]);
    expect(arxivListingAdapter.listRoot?.(doc)?.localName).toBe('dl');
  });

  it('finds nothing on a page without lists', () => {
    expect(extract(arxivListingAdapter, parseHtml('<p>Service unavailable</p>'), NEW_URL)).toEqual([]);
    expect(arxivListingAdapter.listRoot?.(parseHtml('<p>x</p>'))).toBeNull();
  });

  it('takes the id from the link attributes, never from the text, and skips entries without one', () => {
    const doc = parseHtml(`<dl id='articles'>
      <dt><a href="/abs/2606.11111" title="Abstract" id="2606.11111">arXiv:9999.99999</a></dt>
      <dd><div class='meta'><div class='list-title'>Real id from attributes</div></div></dd>
      <dt><a title="Abstract">arXiv:2606.22222</a></dt>
      <dd><div class='meta'><div class='list-title'>No id attribute, no href</div></div></dd>
      <dt><a href="/abs/2606.33333" title="Abstract">arXiv:2606.33333</a></dt>
      <dd><div class='meta'><div class='list-title'>Only an href</div></div></dd>
      <dt><a href="https://evil.example/abs/2606.44444" title="Abstract">arXiv:2606.44444</a></dt>
      <dd><div class='meta'><div class='list-title'>Foreign host</div></div></dd>
      <dt><a href="/abs/2606.55555" title="Abstract" id="2606.55555">arXiv:2606.55555</a></dt>
      <dt><a href="/abs/2606.66666" title="Abstract" id="2606.66666">arXiv:2606.66666</a></dt>
      <dd><div class='meta'><div class='list-title'>After a dt without dd</div></div></dd>
    </dl>`);
    const found = extract(arxivListingAdapter, doc, NEW_URL);
    expect(found.map((p) => [p.ref.arxivId, p.ref.title])).toEqual([
      ['2606.11111', 'Real id from attributes'],
      ['2606.33333', 'Only an href'],
      ['2606.66666', 'After a dt without dd'],
    ]);
  });

  it('keeps a hostile title as text and creates no element', () => {
    const doc = parseHtml(`<dl id='articles'>
      <dt><a href="/abs/2606.11111" title="Abstract" id="2606.11111">arXiv:2606.11111</a></dt>
      <dd><div class='meta'><div class='list-title mathjax'><span class='descriptor'>Title:</span>
        Safe<script>window.pwned = 1</script> <img src=x onerror="window.pwned = 2">&lt;script&gt;alert(1)&lt;/script&gt;</div>
        <div class='list-authors'><a href="#">A <img src=x onerror=alert(1)>B</a></div></div></dd></dl>`);
    const before = elementCount(doc);
    const [paper] = extract(arxivListingAdapter, doc, NEW_URL);
    expect(paper?.ref.title).toBe('Safe <script>alert(1)</script>');
    expect(paper?.ref.authors).toEqual(['A B']);
    expect(elementCount(doc)).toBe(before);
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
  });

  it('falls back to the <dd> when an entry has no title block', () => {
    const doc = parseHtml(
      `<dl id='articles'><dt><a href="/abs/2606.11111" title="Abstract" id="2606.11111">x</a></dt><dd>odd</dd></dl>`,
    );
    const [paper] = extract(arxivListingAdapter, doc, NEW_URL);
    expect(paper?.ref).toMatchObject({ arxivId: '2606.11111', title: '' });
    expect(paper?.anchor.localName).toBe('dd');
    expect(paper?.placement).toBe('prepend');
  });
});

describe('arXiv listing: 2000 entries', () => {
  function listing(count: number): string {
    const entries: string[] = [];
    for (let i = 1; i <= count; i++) {
      const id = `2606.${String(10000 + i).padStart(5, '0')}`;
      entries.push(`<dt><a name='item${i}'>[${i}]</a> <a href ="/abs/${id}" title="Abstract" id="${id}">arXiv:${id}</a>
        ${i % 3 === 0 ? '(cross-list from cs.CL)' : ''} [<a href="/pdf/${id}" title="Download PDF" id="pdf-${id}">pdf</a>]</dt>
        <dd><div class='meta'><div class='list-title mathjax'><span class='descriptor'>Title:</span> Paper number ${i}</div>
        <div class='list-authors'><a href="/a/x">Author ${i}</a>, <a href="/a/y">Second Author</a></div>
        <div class='list-subjects'><span class='descriptor'>Subjects:</span> <span class="primary-subject">Machine Learning (cs.LG)</span>; Artificial Intelligence (cs.AI)</div>
        <p class='mathjax'>Abstract of paper ${i} with $x^${i}$.</p></div></dd>`);
    }
    return `<div id='dlpage'><h1>Machine Learning</h1><dl id='articles'><h3>New submissions (showing ${count} of ${count} entries)</h3>${entries.join('\n')}</dl></div>`;
  }

  it('finds all 2000, in order, each complete', () => {
    const found = extract(
      arxivListingAdapter,
      parseHtml(listing(2000)),
      'https://arxiv.org/list/cs.LG/pastweek?show=2000',
    );
    expect(found).toHaveLength(2000);
    expect(new Set(found.map((p) => p.ref.arxivId)).size).toBe(2000);
    expect(found[0]!.ref.arxivId).toBe('2606.10001');
    expect(found[1999]!.ref).toEqual({
      arxivId: '2606.12000',
      title: 'Paper number 2000',
      authors: ['Author 2000', 'Second Author'],
      categories: ['cs.LG', 'cs.AI'],
      abstract: 'Abstract of paper 2000 with $x^2000$.',
    });
    expect(found.filter((p) => p.section === 'cross-list')).toHaveLength(666);
    expect(found.filter((p) => p.section === 'new')).toHaveLength(1334);
  }, 120_000); // happy-dom parses a 2000-entry page slowly on a loaded machine; the extraction itself is one pass
});

describe('listingCategory', () => {
  it.each([
    ['https://arxiv.org/list/cs.AI/new', 'cs.AI'],
    ['https://export.arxiv.org/list/cs.IR/recent', 'cs.IR'],
    ['https://arxiv.org/list/math.AG/2024-01', 'math.AG'],
    ['https://arxiv.org/list/cs/new', undefined],
    ['https://arxiv.org/list/hep-th/new', undefined],
    ['https://arxiv.org/abs/2609.00001', undefined],
    ['https://example.org/list/cs.AI/new', undefined],
  ])('%s -> %s', (url, expected) => {
    expect(listingCategory(new URL(url))).toBe(expected);
  });
});
