import { textAfterLabel } from '../page/after-label';
import { defineSinglePaperAdapter } from '../single-paper-adapter';

/**
 * NeurIPS proceedings, `papers.nips.cc` and `proceedings.neurips.cc`, paper pages
 * `/paper/YYYY/hash/<md5>-Abstract[-Track].html`. Read from a real 2026-09 capture (2017 paper, so old
 * years share the layout): `citation_*` tags ("Last, First" authors, no abstract), then
 * `header.paper-header` with `h1.paper-title` and `p.paper-authors`, the abstract after `h2.section-label`.
 * The page's only `<h4>` is the "Name Change Policy" modal.
 */
export const neuripsAdapter = defineSinglePaperAdapter({
  id: 'neurips',
  name: 'NeurIPS proceedings',
  matches: ['https://papers.nips.cc/*', 'https://proceedings.neurips.cc/*'],
  examples: {
    match: [
      'https://proceedings.neurips.cc/paper/2019/hash/0118a063b4aae95277f0bc1752c75abf-Abstract.html',
      'https://proceedings.neurips.cc/paper_files/paper/2023/hash/0001ca33ba34ce0351e4612b744b3936-Abstract-Conference.html',
      'https://papers.nips.cc/paper_files/paper/2017/hash/3f5ee243547dee91fbd053c1c4a845aa-Abstract.html',
    ],
    noMatch: [
      'https://proceedings.neurips.cc/',
      'https://proceedings.neurips.cc/paper/2019',
      'https://proceedings.neurips.cc/paper/2019/file/0118a063b4aae95277f0bc1752c75abf-Paper.pdf',
    ],
  },
  handles: (url) => /\/hash\/[0-9a-f]{32}-Abstract(?:-[\w-]+)?\.html$/.test(url.pathname),
  title: ['header.paper-header h1.paper-title'],
  abstract: [
    // <h2 class="section-label">Abstract</h2><p class="paper-abstract"><p>…</p>: the parser empties the
    // outer <p> and puts the text in the next one, so read every sibling after the label.
    (doc) => textAfterLabel(doc, 'h2.section-label', 'Abstract'),
  ],
  authors: ['header.paper-header p.paper-authors'], // one comma-separated list
  anchor: ['header.paper-header h1.paper-title'],
});
