import { defineSinglePaperAdapter } from '../single-paper-adapter';

/**
 * Proceedings of Machine Learning Research, `proceedings.mlr.press/vNNN/keyYYx.html` (Jekyll pages; no
 * capture, markup guessed): `citation_*` tags first, then the page's `<h1>` and `#abstract`.
 */
export const pmlrAdapter = defineSinglePaperAdapter({
  id: 'pmlr',
  name: 'PMLR',
  matches: ['https://proceedings.mlr.press/*'],
  examples: {
    match: [
      'https://proceedings.mlr.press/v130/husain21a.html',
      'https://proceedings.mlr.press/v235/smith24b.html',
    ],
    noMatch: [
      'https://proceedings.mlr.press/',
      'https://proceedings.mlr.press/v130/',
      'https://proceedings.mlr.press/v130/husain21a/husain21a.pdf',
    ],
  },
  handles: (url) => /^\/v\d+\/[\w-]+\.html$/.test(url.pathname),
  title: [
    'meta:citation_title',
    'article h1', // <article class="post-content"><h1>Title</h1>
    'h1',
  ],
  abstract: [
    '#abstract', // <div id="abstract" class="abstract">
    'div.abstract',
    'meta:citation_abstract',
  ],
  authors: [
    'meta:citation_author', // "Last, First"
    'span.authors', // one comma-separated list
    '#authors',
  ],
  anchor: ['article h1', 'h1'],
});
