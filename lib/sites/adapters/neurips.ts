import { textAfterLabel } from '../page/after-label';
import { defineSinglePaperAdapter } from '../single-paper-adapter';

/**
 * NeurIPS proceedings, `papers.nips.cc` and `proceedings.neurips.cc`, paper pages
 * `/paper/YYYY/hash/<md5>-Abstract[-Track].html` (no capture, markup guessed): every field is an `<h4>`
 * label followed by its value, the title being the first `<h4>`.
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
  title: ['meta:citation_title', '.container-fluid .col h4', 'h4'],
  abstract: [
    (doc) => textAfterLabel(doc, 'h4', 'Abstract'), // <h4>Abstract</h4><p>…</p>
    'meta:citation_abstract',
  ],
  authors: [
    'meta:citation_author',
    (doc) => textAfterLabel(doc, 'h4', 'Authors'), // <h4>Authors</h4><p><i>A, B, C</i></p>
  ],
  anchor: ['.container-fluid .col h4', 'h4'],
});
