import { parseArxivUrl } from '../arxiv-id';
import { defineSinglePaperAdapter } from '../single-paper-adapter';
import { arxivIdsOfUrl } from './url-ids';

/**
 * alphaXiv, `alphaxiv.org/abs/ID` and `/overview/ID`: a client-rendered app (no capture; markup
 * inferred, so it fails closed: no `main h1`, nothing). The arXiv id comes from the URL; the title from the
 * page's heading, checked against the meta tags before those are believed.
 */
export const alphaxivAdapter = defineSinglePaperAdapter({
  id: 'alphaxiv',
  name: 'alphaXiv',
  matches: ['https://alphaxiv.org/*', 'https://www.alphaxiv.org/*'],
  spa: true,
  examples: {
    match: [
      'https://www.alphaxiv.org/abs/2509.01234',
      'https://alphaxiv.org/abs/2106.09608v2',
      'https://www.alphaxiv.org/overview/2606.32040',
    ],
    noMatch: [
      'https://www.alphaxiv.org/',
      'https://www.alphaxiv.org/explore',
      'https://www.alphaxiv.org/abs/garbage',
    ],
  },
  handles: (url) => parseArxivUrl(url.href) !== null,
  idsFromUrl: arxivIdsOfUrl,
  title: ['main h1'], // the paper heading inside the app's main region
  abstract: ['meta:og:description', 'meta:description'],
  anchor: ['main h1'],
});
