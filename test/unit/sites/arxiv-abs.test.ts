// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { arxivAbsAdapter } from '../../../lib/sites/adapters/arxiv-abs';
import { elementCount, extract, loadFixture, only, parseHtml } from './fixture';

describe('arXiv abstract page, 2021 XHTML layout', () => {
  const doc = loadFixture('arxiv-abs-2021.html');
  const paper = only(extract(arxivAbsAdapter, doc, 'https://arxiv.org/abs/1706.03762'));

  it('reads id, latest version, title, authors, categories and the v1 date', () => {
    expect(paper.ref).toMatchObject({
      arxivId: '1706.03762',
      version: 7,
      title: 'Attention Is All You Need',
      authors: ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar', 'Jakob Uszkoreit'],
      categories: ['cs.CL', 'cs.LG'],
      published: '2017-06-12T17:57:34Z',
    });
    expect(paper.ref.doi).toBeUndefined();
  });

  it('reads the abstract without its label, on one line', () => {
    expect(paper.ref.abstract).toBe(
      'The dominant sequence transduction models are based on complex recurrent or convolutional neural networks in an encoder-decoder configuration. We propose a new simple network architecture, the Transformer, based solely on attention mechanisms.',
    );
  });

  it('puts the UI after the title, inside #abs', () => {
    expect(paper.entry.id).toBe('abs');
    expect(paper.anchor.matches('h1.title')).toBe(true);
    expect(paper.placement).toBe('after');
  });

  it('takes the id from the URL, versioned or not', () => {
    const v1 = only(extract(arxivAbsAdapter, doc, 'https://arxiv.org/abs/1706.03762v1'));
    expect(v1.ref.arxivId).toBe('1706.03762');
    expect(v1.ref.version).toBe(7); // the latest version, from the submission history
  });
});

describe('arXiv abstract page, 2026 layout', () => {
  const doc = loadFixture('arxiv-abs-2026.html');
  const paper = only(extract(arxivAbsAdapter, doc, 'https://arxiv.org/abs/2606.32040'));

  it('reads every field', () => {
    expect(paper.ref).toMatchObject({
      arxivId: '2606.32040',
      version: 3,
      title: 'Sparse Rewards, Dense Signals: On-Policy Distillation for Agentic RL',
      authors: ['Chiamaka Okafor', 'Per-Erik Lindqvist', 'María José de la Cruz'],
      categories: ['cs.LG', 'cs.AI', 'cs.CL'],
      published: '2026-06-24T17:59:01Z',
      doi: '10.1145/3773274.3774931', // the journal DOI, not arXiv's own 10.48550 one
    });
  });

  it('keeps the TeX of typeset math once, and the text of links', () => {
    expect(paper.ref.abstract).toBe(
      'We study on-policy distillation for agents trained with sparse rewards. With $k$ teacher rollouts per step the student matches the teacher at $O(\\sqrt{n})$ cost. Code: this https URL',
    );
  });
});

const page = (body: string, head = '') =>
  parseHtml(
    `<!DOCTYPE html><html><head><title>[2606.32040] Title From Head</title>${head}</head><body>${body}</body></html>`,
  );
const URL_2606 = 'https://arxiv.org/abs/2606.32040';

describe('arXiv abstract page, broken and hostile markup', () => {
  it('falls back to the citation meta tags when the body fields are missing, and flips "Last, First"', () => {
    const doc = page(
      '<div id="abs"><div class="dateline">[Submitted on 24 Jun 2026]</div></div>',
      `<meta name="citation_title" content="Meta Title"><meta name="citation_author" content="Okafor, Chiamaka">
       <meta name="citation_author" content="de la Cruz, María José"><meta name="citation_date" content="2026/06/24">
       <meta name="citation_abstract" content=" Meta
       abstract. "><meta property="og:url" content="https://arxiv.org/abs/2606.32040v2">`,
    );
    const paper = only(extract(arxivAbsAdapter, doc, URL_2606));
    expect(paper.ref).toMatchObject({
      title: 'Meta Title',
      authors: ['Chiamaka Okafor', 'María José de la Cruz'],
      abstract: 'Meta abstract.',
      published: '2026-06-24',
      version: 2,
      categories: [],
    });
    expect(paper.anchor).toBe(paper.entry);
    expect(paper.placement).toBe('prepend');
  });

  it('uses the <title> when there is no title anywhere else, and still finds the paper by its URL', () => {
    const paper = only(extract(arxivAbsAdapter, page('<div id="abs"></div>'), URL_2606));
    expect(paper.ref.title).toBe('Title From Head');
    const bare = parseHtml('<html><body><p>nothing</p></body></html>');
    const found = only(extract(arxivAbsAdapter, bare, URL_2606));
    expect(found.ref).toMatchObject({ arxivId: '2606.32040', title: '', authors: [], categories: [] });
  });

  it('reads a script or an image in the title as nothing, and creates no element', () => {
    const doc = page(
      `<div id="abs"><h1 class="title mathjax"><span class="descriptor">Title:</span>Safe <script>window.pwned = 1; document.title = 'x'</script><img src=x onerror="window.pwned = 2">Title &lt;img src=x onerror=alert(1)&gt;<style>h1{}</style></h1>
       <div class="authors"><span class="descriptor">Authors:</span><a href="#">Eve <script>steal()</script>Hacker</a></div></div>`,
    );
    const before = elementCount(doc);
    const paper = only(extract(arxivAbsAdapter, doc, URL_2606));
    expect(paper.ref.title).toBe('Safe Title <img src=x onerror=alert(1)>');
    expect(paper.ref.authors).toEqual(['Eve Hacker']);
    expect(elementCount(doc)).toBe(before);
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
  });

  it('survives unclosed tags, an abstract with links and a title too long for a PaperRef', () => {
    const long = 'word '.repeat(2000);
    const doc = page(
      `<div id="abs"><h1 class="title">${long}<blockquote class="abstract"><span class="descriptor">Abstract:</span>See <a href="https://x.org">x.org</a> and <b>bold <i>text`,
    );
    const paper = only(extract(arxivAbsAdapter, doc, URL_2606));
    expect(paper.ref.title.length).toBeLessThanOrEqual(2000);
    expect(paper.ref.title.startsWith('word word')).toBe(true);
  });

  it('reads the submission history in the card layout of the newer template', () => {
    const doc = page(
      `<div id="abs"><h1 class="title">T</h1></div>
       <div class="card arxiv-submission-history"><div class="card-body"><h4 class="card-title">Submission history</h4>
       <div class="version"><h5>Version:</h5><p><b><a href="/abs/2606.32040v1">[v1]</a></b> Wed, 24 Jun 2026 17:59:01 UTC (812 KB)<br/><b>[v2]</b> Thu, 2 Jul 2026 09:12:44 UTC (815 KB)<br/></p></div></div></div>`,
    );
    expect(only(extract(arxivAbsAdapter, doc, URL_2606)).ref).toMatchObject({
      version: 2,
      published: '2026-06-24T17:59:01Z',
    });
  });

  it('takes the primary category from "Cite as" when the subjects row has no primary mark', () => {
    const doc = page(
      `<div id="abs"><h1 class="title">T</h1><table><tr><td class="tablecell subjects">Artificial Intelligence (cs.AI); Machine Learning (cs.LG); Bogus (not a category!)</td></tr>
       <tr><td class="tablecell arxivid"><a href="/abs/2606.32040">arXiv:2606.32040</a> [cs.LG]</td></tr></table></div>`,
    );
    expect(only(extract(arxivAbsAdapter, doc, URL_2606)).ref.categories).toEqual(['cs.LG', 'cs.AI']);
  });

  it('reads old-style ids with a subject class as arXiv does: archive only', () => {
    const found = only(
      extract(
        arxivAbsAdapter,
        page('<div id="abs"><h1 class="title">Old</h1></div>'),
        'https://arxiv.org/abs/math.AG/0601001v2',
      ),
    );
    expect(found.ref).toMatchObject({ arxivId: 'math/0601001', version: 2 });
  });

  it('finds nothing on an empty document', () => {
    const doc = parseHtml('');
    expect(() => arxivAbsAdapter.extract(doc, new URL('https://arxiv.org/abs/'))).not.toThrow();
    expect(arxivAbsAdapter.extract(doc, new URL('https://arxiv.org/abs/'))).toEqual([]);
  });
});
