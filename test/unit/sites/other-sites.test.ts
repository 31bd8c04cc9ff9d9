// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { aclAnthologyAdapter } from '../../../lib/sites/adapters/acl-anthology';
import { alphaxivAdapter } from '../../../lib/sites/adapters/alphaxiv';
import { biorxivAdapter } from '../../../lib/sites/adapters/biorxiv';
import { huggingfacePapersAdapter } from '../../../lib/sites/adapters/huggingface-papers';
import { neuripsAdapter } from '../../../lib/sites/adapters/neurips';
import { openreviewAdapter } from '../../../lib/sites/adapters/openreview';
import { pmlrAdapter } from '../../../lib/sites/adapters/pmlr';
import { semanticScholarAdapter } from '../../../lib/sites/adapters/semantic-scholar';
import { elementCount, extract, loadFixture, only, parseHtml } from './fixture';

const OPD_TITLE = 'Sparse Rewards, Dense Signals: On-Policy Distillation for Agentic RL';

describe('ACL Anthology', () => {
  it('reads the unquoted-attribute page: citation tags in First Last order, abstract and DOI', () => {
    const paper = only(
      extract(
        aclAnthologyAdapter,
        loadFixture('acl-anthology.html'),
        'https://aclanthology.org/2021.naacl-main.999/',
      ),
    );
    expect(paper.ref).toEqual({
      doi: '10.18653/v1/2021.naacl-main.999',
      title: 'Prompting Is Not Enough: A Made-Up Study',
      authors: ['Teven Le Scao', 'Ana María Rodríguez'],
      categories: [],
      abstract:
        'When fine-tuning pretrained models for classification, researchers either use a generic model head or a task-specific prompt. We count how many data points a prompt is worth.',
      published: '2021-06',
    });
    expect(paper.anchor.id).toBe('title');
    expect(paper.placement).toBe('after');
  });
});

describe('Hugging Face paper page', () => {
  const url = 'https://huggingface.co/papers/2606.32040';

  it('reads the id from the URL and title and abstract from the page', () => {
    const paper = only(extract(huggingfacePapersAdapter, loadFixture('huggingface-paper.html'), url));
    expect(paper.ref).toEqual({
      arxivId: '2606.32040',
      title: OPD_TITLE,
      authors: [],
      categories: [],
      abstract: 'We study on-policy distillation for agents trained with sparse rewards.',
    });
    expect(paper.anchor.localName).toBe('h1');
  });

  it('after a client-side navigation, follows the URL and the page, not the stale head', () => {
    const doc = loadFixture('huggingface-paper.html');
    // The app rendered another paper; the head still describes the first one.
    doc.querySelector('h1')!.textContent = 'A Different Paper Entirely';
    doc.querySelector('main p.text-gray-600')!.textContent = 'Another abstract.';
    const paper = only(extract(huggingfacePapersAdapter, doc, 'https://huggingface.co/papers/2509.01234'));
    expect(paper.ref).toMatchObject({
      arxivId: '2509.01234',
      title: 'A Different Paper Entirely',
      abstract: 'Another abstract.',
    });
  });

  it('reports nothing until the app has rendered the paper', () => {
    const shell = parseHtml(
      '<html><head><meta property="og:title" content="Paper page - X"></head><body><div id="app"></div></body></html>',
    );
    expect(extract(huggingfacePapersAdapter, shell, url)).toEqual([]);
  });
});

describe('alphaXiv', () => {
  it('reads the id from the URL, the title from the page and, as they agree, the rest from the head', () => {
    const paper = only(
      extract(alphaxivAdapter, loadFixture('alphaxiv.html'), 'https://www.alphaxiv.org/abs/2606.32040v2'),
    );
    expect(paper.ref).toEqual({
      arxivId: '2606.32040',
      version: 2,
      title: OPD_TITLE,
      authors: ['Chiamaka Okafor'],
      categories: [],
      abstract: 'We study on-policy distillation for agents trained with sparse rewards.',
    });
  });

  it('ignores head tags that describe another paper', () => {
    const doc = loadFixture('alphaxiv.html');
    doc.querySelector('main h1')!.textContent = 'Some Other Paper Shown Now';
    const paper = only(extract(alphaxivAdapter, doc, 'https://www.alphaxiv.org/abs/2509.01234'));
    expect(paper.ref).toEqual({
      arxivId: '2509.01234',
      title: 'Some Other Paper Shown Now',
      authors: [],
      categories: [],
    });
  });
});

describe('OpenReview forum', () => {
  it('reads the citation tags first (abstract included), the page for the UI; there is no id to read', () => {
    const paper = only(
      extract(
        openreviewAdapter,
        loadFixture('openreview-forum.html'),
        'https://openreview.net/forum?id=AbCdEfGhIj',
      ),
    );
    expect(paper.ref).toEqual({
      title: 'Latent Plans for Long-Horizon Agents',
      authors: ['Ingrid Berg', 'Tomás Silva'],
      categories: [],
      abstract: 'Agents that plan in a learned latent space reach long horizons.',
      published: '2025-09-19',
    });
    expect(paper.anchor.localName).toBe('h2');
  });

  it('reads the labelled abstract on the page when the head has none', () => {
    const doc = loadFixture('openreview-forum.html');
    doc.querySelector('meta[name="citation_abstract"]')!.remove();
    const paper = only(extract(openreviewAdapter, doc, 'https://openreview.net/forum?id=AbCdEfGhIj'));
    expect(paper.ref.abstract).toBe(
      'Agents that plan in a learned latent space reach long horizons; we show it on $3$ benchmarks.',
    );
  });
});

describe('Semantic Scholar', () => {
  const url =
    'https://www.semanticscholar.org/paper/Attention-is-All-you-Need-Vaswani-Shazeer/204e3073870fae3d05bcbc2f6a8e263d9b72e776';

  it("reads the arXiv id from the paper's own link, never from its references", () => {
    const paper = only(extract(semanticScholarAdapter, loadFixture('semantic-scholar.html'), url));
    expect(paper.ref).toEqual({
      arxivId: '1706.03762',
      title: 'Attention is All you Need',
      // The citation tags come first; this page's name only one author.
      authors: ['Ashish Vaswani'],
      categories: [],
      abstract:
        'The dominant sequence transduction models are based on complex recurrent or convolutional neural networks.',
      published: '2017-06-12',
    });
  });

  it('has no arXiv id when the paper has no arXiv link', () => {
    const doc = loadFixture('semantic-scholar.html');
    doc.querySelector('[data-test-id="paper-link"]')!.remove();
    expect(only(extract(semanticScholarAdapter, doc, url)).ref.arxivId).toBeUndefined();
  });
});

describe('bioRxiv / medRxiv', () => {
  it('reads the DOI from the URL and strips the tags written into the meta abstract', () => {
    const doc = loadFixture('biorxiv.html');
    const before = elementCount(doc);
    const paper = only(
      extract(biorxivAdapter, doc, 'https://www.biorxiv.org/content/10.1101/2021.11.08.467690v2.full'),
    );
    expect(paper.ref).toEqual({
      doi: '10.1101/2021.11.08.467690',
      title: 'Mapping a made-up neural circuit',
      authors: ['Jane Roe', 'Kofi Boateng'],
      categories: [],
      abstract: 'We map a circuit that does not exist, with in vivo imaging.',
      published: '2021-11-09',
    });
    expect(elementCount(doc)).toBe(before);
  });
});

describe('single-paper pages with nothing on them', () => {
  it('find nothing rather than throw', () => {
    const cases = [
      [aclAnthologyAdapter, 'https://aclanthology.org/2021.naacl-main.999/'],
      [pmlrAdapter, 'https://proceedings.mlr.press/v130/husain21a.html'],
      [
        neuripsAdapter,
        'https://proceedings.neurips.cc/paper/2019/hash/0118a063b4aae95277f0bc1752c75abf-Abstract.html',
      ],
      [openreviewAdapter, 'https://openreview.net/forum?id=AbCdEfGhIj'],
      [alphaxivAdapter, 'https://www.alphaxiv.org/abs/2606.32040'],
    ] as const;
    for (const [adapter, url] of cases) {
      for (const html of [
        '',
        '<html><body></body></html>',
        '<h1></h1><h2 id=title></h2><meta name=citation_title content="">',
      ]) {
        const found = extract(adapter, parseHtml(html), url);
        // Pages without a title or id give nothing; alphaXiv still knows the paper from its URL once a heading exists.
        for (const paper of found) expect(paper.ref.arxivId).toBe('2606.32040');
      }
    }
  });
});
