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
import { findAdapter } from '../../../lib/sites/registry';
import { elementCount, extract, loadFixture, only, parseHtml } from './fixture';

// Fixtures written in the structure of the real 2026-09 server captures (see the comment in each file).

describe('NeurIPS proceedings, 2026 layout', () => {
  const url =
    'https://proceedings.neurips.cc/paper_files/paper/2017/hash/3f5ee243547dee91fbd053c1c4a845aa-Abstract.html';

  it('reads the citation tags first, the abstract after its label, and places the UI after h1.paper-title', () => {
    const paper = only(extract(neuripsAdapter, loadFixture('neurips.html'), url));
    expect(paper.ref).toEqual({
      title: 'Attention is All you Need',
      authors: ['Ashish Vaswani', 'Noam Shazeer', 'Aidan N. Gomez', 'Łukasz Kaiser'],
      categories: [],
      abstract:
        'The dominant sequence transduction models are based on complex recurrent or convolutional neural networks. We propose the Transformer, based solely on attention mechanisms.',
      published: '2017',
    });
    expect(paper.anchor.className).toBe('paper-title');
    expect(paper.placement).toBe('after');
  });

  it('falls back to the page header without citation tags', () => {
    const doc = loadFixture('neurips.html');
    for (const meta of doc.querySelectorAll('meta[name^="citation_"]')) meta.remove();
    expect(only(extract(neuripsAdapter, doc, url)).ref).toMatchObject({
      title: 'Attention is All you Need',
      authors: ['Ashish Vaswani', 'Noam Shazeer', 'Aidan N Gomez', 'Łukasz Kaiser'],
    });
  });

  it('never takes the "Name Change Policy" modal for the paper: without the header it finds nothing', () => {
    const doc = loadFixture('neurips.html');
    doc.querySelector('header.paper-header')!.remove();
    for (const meta of doc.querySelectorAll('meta[name^="citation_"]')) meta.remove();
    expect(extract(neuripsAdapter, doc, url)).toEqual([]);
  });
});

describe('PMLR, 2026 layout', () => {
  const url = 'https://proceedings.mlr.press/v130/husain21a.html';

  it('reads title, "First Last" authors and date from the citation tags, the abstract from #abstract', () => {
    const paper = only(extract(pmlrAdapter, loadFixture('pmlr.html'), url));
    expect(paper.ref).toEqual({
      title: 'Distributional Robustness with IPMs and links to Regularization and GANs',
      authors: ['Hisham Husain', 'Richard Nock'],
      categories: [],
      // Not the og:description, which PMLR cuts short with "...".
      abstract:
        'Robustness to adversarial attacks is an important concern. We relate it to integral probability metrics (IPMs) and to regularization.',
      published: '2021-03-18',
    });
    expect(paper.anchor.localName).toBe('h1');
    expect(paper.entry.localName).toBe('article');
  });

  it('believes the citation tags over the page markup where both exist', () => {
    const doc = loadFixture('pmlr.html');
    doc.querySelector('article h1')!.textContent = 'A Heading The Site Rewrote';
    doc.querySelector('span.authors')!.textContent = 'Someone Else';
    expect(only(extract(pmlrAdapter, doc, url)).ref).toMatchObject({
      title: 'Distributional Robustness with IPMs and links to Regularization and GANs',
      authors: ['Hisham Husain', 'Richard Nock'],
    });
  });

  it('reads the page markup when the citation tags are missing', () => {
    const doc = loadFixture('pmlr.html');
    for (const meta of doc.querySelectorAll('meta')) meta.remove();
    expect(only(extract(pmlrAdapter, doc, url)).ref).toMatchObject({
      title: 'Distributional Robustness with IPMs and links to Regularization and GANs',
      authors: ['Hisham Husain', 'Richard Nock'],
    });
  });
});

describe('ACL Anthology, 2026 layout', () => {
  it('reads the citation tags, the abstract card (skipping its label) and the DOI; not the modal', () => {
    const paper = only(
      extract(
        aclAnthologyAdapter,
        loadFixture('acl-anthology-2026.html'),
        'https://aclanthology.org/N19-9999/',
      ),
    );
    expect(paper.ref).toEqual({
      doi: '10.18653/v1/n19-9999',
      title: 'PROMPT: Counting What a Prompt Is Worth, Again',
      authors: ['Teven Le Scao', 'Ana María Rodríguez'],
      categories: [],
      abstract: 'We count again how many data points a prompt is worth, with BERT-sized models.',
      published: '2019-06',
    });
    expect(paper.anchor.id).toBe('title');
  });
});

describe('OpenReview behind its bot wall', () => {
  it('finds no paper on the "Verifying your browser" page, and changes nothing in it', () => {
    const doc = loadFixture('openreview-bot-wall.html');
    const before = elementCount(doc);
    const url = 'https://openreview.net/forum?id=AbCdEfGhIj';
    expect(findAdapter(url)?.id).toBe('openreview');
    expect(extract(openreviewAdapter, doc, url)).toEqual([]);
    expect(elementCount(doc)).toBe(before);
  });
});

describe('adapters without a capture fail closed', () => {
  // Pages of each site whose paper markup is not there (a redesign, a shell, an error page) but whose site
  // chrome has headings: what they find must be nothing, never the chrome's text as a title.
  const cases = [
    [
      huggingfacePapersAdapter,
      'https://huggingface.co/papers/2606.32040',
      '<header><h1>Hugging Face</h1><nav><a href="/papers">Daily Papers</a></nav></header><div id="app"><section><h2>Abstract</h2><p>Menu</p></section></div>',
    ],
    [
      alphaxivAdapter,
      'https://www.alphaxiv.org/abs/2606.32040',
      '<head><meta name="citation_title" content="alphaXiv"></head><body><nav><h1>alphaXiv</h1></nav><div id="root"></div></body>',
    ],
    [
      semanticScholarAdapter,
      'https://www.semanticscholar.org/paper/204e3073870fae3d05bcbc2f6a8e263d9b72e776',
      '<main><h1>Semantic Reader</h1><a data-test-id="paper-link" href="https://arxiv.org/abs/1706.03762">arXiv</a></main>',
    ],
    [
      biorxivAdapter,
      'https://www.biorxiv.org/content/10.1101/2021.11.08.467690v2',
      '<header><h1>bioRxiv</h1><nav><a href="/collection">Subject Areas</a></nav></header><div class="panel">Page not found</div>',
    ],
  ] as const;

  for (const [adapter, url, html] of cases) {
    it(`${adapter.id}: finds nothing when the expected structure is missing`, () => {
      expect(extract(adapter, parseHtml(html), url)).toEqual([]);
    });
  }
});
