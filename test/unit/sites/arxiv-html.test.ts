// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { arxivHtmlAdapter } from '../../../lib/sites/adapters/arxiv-html';
import { extract, loadFixture, only, parseHtml } from './fixture';

describe('arXiv HTML view (LaTeXML)', () => {
  const doc = loadFixture('arxiv-html.html');

  it('reads the id and version from the URL and the fields from LaTeXML markup', () => {
    const paper = only(extract(arxivHtmlAdapter, doc, 'https://arxiv.org/html/2606.32040v3#S1'));
    expect(paper.ref).toEqual({
      arxivId: '2606.32040',
      version: 3,
      title: 'Sparse Rewards, Dense Signals: On-Policy Distillation for Agentic RL',
      // One personname holding three authors with affiliation marks; affiliations and e-mail after <br> left out.
      authors: ['Chiamaka Okafor', 'Per-Erik Lindqvist', 'María José de la Cruz'],
      categories: [],
      abstract:
        'We study on-policy distillation for agents trained with sparse rewards. With $k$ teacher rollouts per step the student matches the teacher.',
    });
    expect(paper.anchor.matches('h1.ltx_title_document')).toBe(true);
    expect(paper.entry.matches('article.ltx_document')).toBe(true);
    expect(paper.placement).toBe('after');
  });

  it('reads one author per personname when LaTeXML splits them', () => {
    const page = parseHtml(`<article class="ltx_document"><h1 class="ltx_title ltx_title_document">T</h1>
      <span class="ltx_creator ltx_role_author"><span class="ltx_personname">Ada Lovelace<br class="ltx_break">Analytical Engines Ltd</span></span>
      <span class="ltx_creator ltx_role_author"><span class="ltx_personname">Alan Turing<span class="ltx_note">Now elsewhere</span></span></span></article>`);
    expect(only(extract(arxivHtmlAdapter, page, 'https://arxiv.org/html/2606.32040')).ref.authors).toEqual([
      'Ada Lovelace',
      'Alan Turing',
    ]);
  });

  it('still finds the paper, by its URL, on a page without LaTeXML markup', () => {
    const paper = only(
      extract(arxivHtmlAdapter, parseHtml('<p>Conversion failed</p>'), 'https://arxiv.org/html/2606.32040'),
    );
    expect(paper.ref).toMatchObject({ arxivId: '2606.32040', title: '' });
    expect(paper.placement).toBe('prepend');
    expect(extract(arxivHtmlAdapter, parseHtml(''), 'https://arxiv.org/html/nonsense')).toEqual([]);
  });
});
