import { parseArxivUrl } from '../arxiv-id';
import { textAfterLabel } from '../page/after-label';
import { defineSinglePaperAdapter } from '../single-paper-adapter';
import { arxivIdsOfUrl } from './url-ids';

/**
 * Hugging Face paper pages, `huggingface.co/papers/ID` (the id is the arXiv id). Server-rendered, then
 * navigated client side, so the content script re-extracts on change. No capture; markup guessed from
 * scrapers that read it: title in the page's `<h1>`, abstract in the block headed "Abstract".
 */
export const huggingfacePapersAdapter = defineSinglePaperAdapter({
  id: 'huggingface-papers',
  name: 'Hugging Face paper page',
  matches: ['https://huggingface.co/*'],
  spa: true,
  examples: {
    match: ['https://huggingface.co/papers/2509.01234', 'https://huggingface.co/papers/2106.09608#community'],
    noMatch: [
      'https://huggingface.co/papers',
      'https://huggingface.co/papers/trending',
      'https://huggingface.co/models',
      'https://huggingface.co/papers/2509.01234/discussion',
    ],
  },
  handles: (url) => /^\/papers\/[^/]+\/?$/.test(url.pathname) && parseArxivUrl(url.href) !== null,
  idsFromUrl: arxivIdsOfUrl,
  title: ['main h1', 'h1'],
  abstract: [
    (doc) => textAfterLabel(doc, 'main h2', 'Abstract'), // <h2>Abstract</h2><p class="text-gray-600">…
    (doc) => textAfterLabel(doc, 'h2, h3', 'Abstract'),
    'meta:citation_abstract',
  ],
  authors: ['meta:citation_author'],
  anchor: ['main h1', 'h1'],
});
