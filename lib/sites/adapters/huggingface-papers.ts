import { parseArxivUrl } from '../arxiv-id';
import { textAfterLabel } from '../page/after-label';
import { defineSinglePaperAdapter } from '../single-paper-adapter';
import { arxivIdsOfUrl } from './url-ids';

/**
 * Hugging Face paper pages, `huggingface.co/papers/ID` (the id is the arXiv id). Server-rendered, then
 * navigated client side, so the content script re-extracts on change. No capture; markup inferred from
 * scrapers that read it, so it fails closed: the title is `main h1` or nothing, the abstract the block
 * after `main h2` "Abstract".
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
  title: ['main h1'],
  abstract: [
    (doc) => textAfterLabel(doc, 'main h2', 'Abstract'), // <h2>Abstract</h2><p class="text-gray-600">…
  ],
  anchor: ['main h1'],
});
