import { defineSinglePaperAdapter } from '../single-paper-adapter';

/**
 * Proceedings of Machine Learning Research, `proceedings.mlr.press/vNNN/keyYYx.html` (Jekyll pages). Read
 * from a real 2026-09 capture: `citation_*` tags ("First Last" authors, no abstract; og:description is cut
 * short), then `article.post-content` with `<h1>`, `span.authors` and `div#abstract`.
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
  title: ['article.post-content > h1'],
  abstract: ['article.post-content #abstract'], // <div id="abstract" class="abstract">
  authors: ['article.post-content span.authors'], // one list, joined with ",&nbsp;"
  anchor: ['article.post-content > h1'],
});
