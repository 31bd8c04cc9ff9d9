import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArxivApiError, parseAtomFeed } from '../../../lib/arxiv/atom';
import { MAX_STORED_AUTHORS } from '../../../lib/paper';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/arxiv-api', name), 'utf8');

function parseError(xml: string): ArxivApiError {
  try {
    parseAtomFeed(xml);
  } catch (error) {
    if (error instanceof ArxivApiError) return error;
    throw error;
  }
  throw new Error('expected parseAtomFeed to throw');
}

describe('parseAtomFeed: old serialization (inline namespaces, hard-wrapped text, rel="self")', () => {
  const page = parseAtomFeed(fixture('old-format_cat-cs.LG_2026-05.xml'));

  it('reads the opensearch counts declared inline on each element', () => {
    expect(page).toMatchObject({ totalResults: 4127, startIndex: 0, itemsPerPage: 3, skipped: [] });
    expect(page.papers.map((p) => p.id)).toEqual(['2605.08812', '2605.07433', 'hep-ex/0112004']);
  });

  it('strips the version from the id and collapses wrapped title and summary', () => {
    const [first] = page.papers;
    expect(first).toMatchObject({
      id: '2605.08812',
      version: 2,
      title:
        'On-Policy Distillation for Small Reasoning Models: Matching the Teacher Where the Student Actually Goes',
      authors: ['Mei Lin Tan', 'Jonas Hartmann', 'Priya Raghunathan'],
      authorCount: 3,
      categories: ['cs.LG', 'cs.CL', 'cs.AI'],
      primary: 'cs.LG',
      published: Date.UTC(2026, 4, 11, 17, 58, 3),
      updated: Date.UTC(2026, 4, 13, 9, 12, 44),
    });
    expect(
      first!.abstract.startsWith(
        'Distilling a large reasoning model into a small one usually trains the student',
      ),
    ).toBe(true);
    expect(first!.abstract).not.toMatch(/\s{2}|\n|^\s|\s$/);
    expect(first!.doi).toBeUndefined();
  });

  it('keeps the first authors, counts all of them, reads the doi and decodes entities', () => {
    const second = page.papers[1]!;
    expect(second.authors).toHaveLength(MAX_STORED_AUTHORS);
    expect(second.authors[9]).toBe('Tomás Ruiz');
    expect(second.authorCount).toBe(12);
    expect(second.doi).toBe('10.5555/benchmark.2026.0142');
    expect(second.abstract).toContain('long horizons & recovering');
    expect(second.categories).toEqual(['cs.AI', 'cs.LG', 'q-bio.QM']);
  });

  it('reads an old-style id, its version from the alternate link, and offset timestamps', () => {
    const old = page.papers[2]!;
    expect(old).toMatchObject({
      id: 'hep-ex/0112004',
      version: 2,
      primary: 'hep-ex',
      categories: ['hep-ex', 'cs.LG'],
    });
    expect(old.published).toBe(Date.UTC(2001, 11, 3, 19, 2, 51));
    expect(old.title).toBe('Neural Network Triggers for Rare Decays at a Hadron Collider');
  });
});

describe('parseAtomFeed: new serialization (root namespaces, single line, authors last, no scheme)', () => {
  const page = parseAtomFeed(fixture('new-format_idlist_2026-06.xml'));

  it('reads counts written in a different order and entries with authors last', () => {
    expect(page).toMatchObject({ totalResults: 2, startIndex: 0, itemsPerPage: 2, skipped: [] });
    expect(page.papers[0]).toMatchObject({
      id: '2606.01187',
      version: 3,
      title: 'Sparse Gaussian Splatting for Real-Time Novel View Synthesis on Mobile GPUs',
      authors: ['Jae-won Park', 'Chiara Bianchi'],
      authorCount: 2,
      categories: ['cs.CV', 'cs.GR', 'cs.LG'],
      primary: 'cs.CV',
      published: Date.UTC(2026, 5, 1, 8, 15, 40),
    });
  });

  it('puts the primary category first even when it is not listed first', () => {
    expect(page.papers[1]).toMatchObject({ primary: 'cs.AI', categories: ['cs.AI', 'cs.LG'] });
  });

  it('does not depend on namespace prefixes: the same feed with other prefixes reads the same', () => {
    const renamed = fixture('new-format_idlist_2026-06.xml')
      .replace(/xmlns:opensearch=/, 'xmlns:os=')
      .replace(/xmlns:arxiv=/, 'xmlns:ax=')
      .replace(/opensearch:/g, 'os:')
      .replace(/arxiv:primary_category/g, 'ax:primary_category')
      .replace(/arxiv:comment/g, 'ax:comment');
    expect(parseAtomFeed(renamed)).toEqual(page);
  });

  it('ignores elements that only share a local name with Atom ones', () => {
    const xml = fixture('new-format_idlist_2026-06.xml').replace(
      '<opensearch:totalResults>2</opensearch:totalResults>',
      '<x:totalResults xmlns:x="urn:other">99</x:totalResults><opensearch:totalResults>2</opensearch:totalResults>',
    );
    expect(parseAtomFeed(xml).totalResults).toBe(2);
  });
});

describe('parseAtomFeed: errors and empty results', () => {
  it('throws api-error with the message of the error entry', () => {
    const error = parseError(fixture('error_incorrect-id.xml'));
    expect(error.kind).toBe('api-error');
    expect(error.message).toBe('incorrect id format for 2606.999999');
  });

  it('reads an empty result as zero papers, not as an error', () => {
    expect(parseAtomFeed(fixture('empty-result_new-format.xml'))).toEqual({
      totalResults: 0,
      startIndex: 0,
      itemsPerPage: 100,
      papers: [],
      skipped: [],
    });
  });

  it.each([
    ['a truncated feed', fixture('malformed_truncated.xml'), /not well-formed/],
    ['an empty body', '', /not well-formed/],
    ['an HTML error page', '<!DOCTYPE html><html><body><h1>503</h1></body></html>', /DOCTYPE/],
    ['HTML without a doctype', '<html><body><h1>503<br> Busy</h1></body></html>', /not well-formed/],
    ['plain text', 'Rate exceeded.', /not well-formed/],
    ['JSON', '{"error":"bad"}', /not well-formed/],
    ['RSS instead of Atom', '<?xml version="1.0"?><rss version="2.0"><channel/></rss>', /root element <rss>/],
    [
      'a feed without opensearch counts',
      '<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>',
      /totalResults/,
    ],
    [
      'a feed element outside the Atom namespace',
      '<feed><opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1</opensearch:totalResults></feed>',
      /not an Atom feed/,
    ],
    [
      'an undeclared prefix',
      '<feed xmlns="http://www.w3.org/2005/Atom"><os:totalResults>1</os:totalResults></feed>',
      /prefix "os"/,
    ],
    [
      'an entity-expansion bomb',
      '<?xml version="1.0"?><!DOCTYPE f [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><feed xmlns="http://www.w3.org/2005/Atom">&b;</feed>',
      /DOCTYPE/,
    ],
    [
      'a non-numeric total',
      fixture('empty-result_new-format.xml').replace(
        '>0</opensearch:totalResults>',
        '>many</opensearch:totalResults>',
      ),
      /totalResults/,
    ],
    [
      'absurdly deep nesting',
      `<feed xmlns="http://www.w3.org/2005/Atom">${'<x>'.repeat(5000)}${'</x>'.repeat(5000)}</feed>`,
      /nested/,
    ],
  ])('throws malformed for %s', (_name, xml, message) => {
    const error = parseError(xml);
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(message);
  });
});

describe('parseAtomFeed: hostile and broken entries', () => {
  const page = parseAtomFeed(fixture('hostile-entries_new-format.xml'));

  it('keeps markup in titles, abstracts and names as plain text', () => {
    expect(page.papers).toHaveLength(1);
    const paper = page.papers[0]!;
    expect(paper.title).toBe(
      '<script>alert("pp")</script> Prompt Injection through Paper Titles & Abstracts',
    );
    expect(paper.abstract).toBe(
      'Titles such as <img src=x onerror="alert(1)"> reach reader tools unescaped. We test 12 tools; café — nine of them run the payload.',
    );
    expect(paper.authors).toEqual(['<img src=x onerror=alert(2)>']);
  });

  it('drops category terms that are not category names', () => {
    expect(page.papers[0]!.categories).toEqual(['cs.CR', 'cs.CL']);
  });

  it('skips broken entries with a reason instead of failing the page', () => {
    expect(page.skipped).toEqual([
      { entryId: 'http://arxiv.org/abs/2606.04411v1', reason: 'no valid published date' },
      { entryId: 'https://evil.example/abs/2606.04412v1', reason: 'id is not an arXiv abstract URL' },
      { entryId: 'http://arxiv.org/abs/2606.04413v1', reason: 'no category' },
      { entryId: 'http://arxiv.org/abs/2606.04414v1', reason: 'no valid published date' },
    ]);
    expect(page.totalResults).toBe(812);
  });

  it('bounds huge fields', () => {
    const huge = 'word '.repeat(50_000);
    const xml = fixture('new-format_idlist_2026-06.xml').replace(
      'Sparse Gaussian Splatting for Real-Time Novel View Synthesis on Mobile GPUs',
      huge,
    );
    const paper = parseAtomFeed(xml).papers[0]!;
    expect(paper.title.length).toBeLessThanOrEqual(2000);
  });

  it('reads a page of 2000 entries (arXiv maximum)', () => {
    const entry = (i: number) =>
      `<entry><id>http://arxiv.org/abs/2606.${String(10000 + i)}v1</id><title>Paper ${i}</title><summary>Abstract ${i}.</summary><category term="cs.LG"/><published>2026-06-01T00:00:00Z</published><arxiv:primary_category term="cs.LG"/><author><name>A ${i}</name></author></entry>`;
    const xml = `<?xml version='1.0' encoding='UTF-8'?><feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom"><opensearch:itemsPerPage>2000</opensearch:itemsPerPage><opensearch:totalResults>9000</opensearch:totalResults><opensearch:startIndex>2000</opensearch:startIndex>${Array.from({ length: 2000 }, (_, i) => entry(i)).join('')}</feed>`;
    const big = parseAtomFeed(xml);
    expect(big.papers).toHaveLength(2000);
    expect(big.papers[1999]).toMatchObject({ id: '2606.11999', title: 'Paper 1999', categories: ['cs.LG'] });
  });
});

describe('parseAtomFeed: byte-order mark', () => {
  it('reads a feed that starts with a BOM or blank lines', () => {
    const xml = fixture('new-format_idlist_2026-06.xml');
    expect(parseAtomFeed(`\uFEFF${xml}`).papers).toHaveLength(2);
    expect(parseAtomFeed(`\n\n  ${xml}`).papers).toHaveLength(2);
  });
});
