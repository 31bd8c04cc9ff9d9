// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { findAdapter } from '../../../lib/sites/registry';
import type { SiteAdapter } from '../../../lib/sites/types';
import { extract, loadFixture, only, parseHtml } from './fixture';

const JOURNAL_URL = 'https://www.nature.com/articles/s41467-018-07210-0';
const generic = findAdapter(JOURNAL_URL, { includeOptIn: true }) as SiteAdapter;

describe('generic Highwire adapter (opt-in)', () => {
  it('is the opt-in adapter', () => {
    expect(generic.id).toBe('highwire');
    expect(generic.optIn).toBe(true);
  });

  it('reads the citation tags: arXiv id from citation_arxiv_id, DOI, flipped authors, date, Dublin Core abstract', () => {
    const paper = only(extract(generic, loadFixture('highwire-journal.html'), JOURNAL_URL));
    expect(paper.ref).toEqual({
      arxivId: '1805.00001',
      doi: '10.1038/s41467-018-07210-0',
      title: 'A made-up result in network science',
      authors: ['Lena Müller', 'Emeka Okonkwo'],
      categories: [],
      abstract: 'Networks grow; we show how, with a model that fits every dataset we tried.',
      published: '2018-11-20',
    });
    expect(paper.anchor.localName).toBe('h1');
  });

  it('finds the arXiv id in an arXiv DOI or PDF link when there is no citation_arxiv_id', () => {
    const viaDoi = parseHtml(
      '<meta name="citation_title" content="T"><meta name="citation_doi" content="10.48550/arXiv.2106.09608"><h1>T</h1>',
    );
    expect(only(extract(generic, viaDoi, JOURNAL_URL)).ref).toMatchObject({ arxivId: '2106.09608' });
    expect(only(extract(generic, viaDoi, JOURNAL_URL)).ref.doi).toBeUndefined();
    const viaPdf = parseHtml(
      '<meta name="citation_title" content="T"><meta name="citation_pdf_url" content="https://arxiv.org/pdf/2106.09608v2">',
    );
    expect(only(extract(generic, viaPdf, JOURNAL_URL)).ref).toMatchObject({
      arxivId: '2106.09608',
      version: 2,
    });
  });

  it('reads the older one-tag author list and places the UI at the top without a heading', () => {
    const doc = parseHtml(
      '<html><head><meta name="citation_title" content="T"><meta name="citation_authors" content="Doe, Jane; Roe, Richard"></head><body><main><p>x</p></main></body></html>',
    );
    const paper = only(extract(generic, doc, JOURNAL_URL));
    expect(paper.ref.authors).toEqual(['Jane Doe', 'Richard Roe']);
    expect(paper.anchor.localName).toBe('main');
    expect(paper.placement).toBe('prepend');
  });

  it('does nothing on pages without a citation title, however much else they carry', () => {
    for (const html of [
      '',
      '<h1>Blog post</h1><meta property="og:title" content="Blog post">',
      '<meta name="citation_author" content="Doe, Jane"><meta name="citation_doi" content="10.1000/x">',
    ]) {
      expect(extract(generic, parseHtml(html), JOURNAL_URL)).toEqual([]);
    }
  });

  it('keeps out of the domains the site adapters cover, subdomains included', () => {
    for (const url of [
      'https://arxiv.org/help',
      'https://info.arxiv.org/',
      'https://discuss.huggingface.co/t/1',
      'https://www.biorxiv.org/about',
    ]) {
      expect(generic.handles(new URL(url)), url).toBe(false);
    }
    expect(
      generic.handles(new URL('https://journals.plos.org/plosone/article?id=10.1371/journal.pone.0000001')),
    ).toBe(true);
  });
});
