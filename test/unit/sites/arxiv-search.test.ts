// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { arxivSearchAdapter } from '../../../lib/sites/adapters/arxiv-search';
import { extract, loadFixture, parseHtml } from './fixture';

const URL_SEARCH = 'https://arxiv.org/search/?query=agentic+reinforcement+learning&searchtype=all';

describe('arXiv search results', () => {
  const doc = loadFixture('arxiv-search.html');
  const found = extract(arxivSearchAdapter, doc, URL_SEARCH);

  it('finds every result', () => {
    expect(found.map((p) => p.ref.arxivId)).toEqual(['2606.32040', '2512.02934', 'math/0601001']);
  });

  it('reads the version from the abstract span id and the v1 date from "v1 submitted"', () => {
    expect(found[0]!.ref).toEqual({
      arxivId: '2606.32040',
      version: 3,
      title: 'Sparse Rewards, Dense Signals: On-Policy Distillation for Agentic RL',
      authors: ['Chiamaka Okafor', 'Per-Erik Lindqvist'],
      categories: ['cs.LG', 'cs.AI'],
      abstract: 'We study on-policy distillation for agents trained with sparse rewards.',
      published: '2026-06-24',
    });
  });

  it('reads categories from the tag group only, and the DOI from the DOI group', () => {
    expect(found[1]!.ref).toMatchObject({
      version: 2,
      categories: ['quant-ph', 'cond-mat.stat-mech'],
      doi: '10.1145/3773274.3774931',
      published: '2025-12-02',
    });
    expect(found[1]!.ref.abstract).toMatch(/^We study the quantum dynamics .* system of qubits\.$/);
  });

  it('copes with a result that has no abstract', () => {
    expect(found[2]!.ref).toEqual({
      arxivId: 'math/0601001',
      title: 'An old-style identifier',
      authors: ['Emmy Noether'],
      categories: ['math.AG'],
      published: '2006-01-01',
    });
  });

  it('uses the <li> as the entry, the title as the anchor, and the list for the filter bar', () => {
    for (const paper of found) {
      expect(paper.entry.matches('li.arxiv-result')).toBe(true);
      expect(paper.anchor.matches('p.title')).toBe(true);
    }
    expect(arxivSearchAdapter.listRoot?.(doc)?.matches('ol.breathe-horizontal')).toBe(true);
  });

  it('skips results without an abstract link and survives broken ones', () => {
    const broken = parseHtml(`<ol class="breathe-horizontal">
      <li class="arxiv-result"><p class="title">No link</p></li>
      <li class="arxiv-result"><p class="list-title"><a href="https://arxiv.org/abs/2606.32040">arXiv:2606.32040</a>
        <span class="abstract-full" id="2512.00001v9-abstract-full">Mismatched id: version ignored</span></li>
      <li class="arxiv-result"><p class="list-title"><a href="https://arxiv.org/abs/2606.3204">bad</a></p></li>
    </ol>`);
    const results = extract(arxivSearchAdapter, broken, URL_SEARCH);
    expect(results).toHaveLength(1);
    expect(results[0]!.ref.version).toBeUndefined();
    expect(results[0]!.placement).toBe('append');
    expect(extract(arxivSearchAdapter, parseHtml('<p>No results found.</p>'), URL_SEARCH)).toEqual([]);
  });
});
