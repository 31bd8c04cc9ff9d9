import { parseArxivUrl } from '../arxiv-id';
import { parseDoi } from '../doi';
import { defineSinglePaperAdapter, type PaperIds } from '../single-paper-adapter';

/**
 * Semantic Scholar paper pages, `semanticscholar.org/paper/[Title-Slug/]HASH` (a React app; no capture,
 * markup inferred from extensions that read it: `data-test-id` attributes, steadier than its generated
 * classes). Fails closed: without the `paper-detail-title` heading it finds nothing.
 */
export const semanticScholarAdapter = defineSinglePaperAdapter({
  id: 'semantic-scholar',
  name: 'Semantic Scholar',
  matches: ['https://www.semanticscholar.org/*', 'https://semanticscholar.org/*'],
  spa: true,
  examples: {
    match: [
      'https://www.semanticscholar.org/paper/Attention-is-All-you-Need-Vaswani-Shazeer/204e3073870fae3d05bcbc2f6a8e263d9b72e776',
      'https://www.semanticscholar.org/paper/204e3073870fae3d05bcbc2f6a8e263d9b72e776',
    ],
    noMatch: [
      'https://www.semanticscholar.org/',
      'https://www.semanticscholar.org/search?q=diffusion',
      'https://www.semanticscholar.org/author/Ashish-Vaswani/40348417',
    ],
  },
  handles: (url) => /^\/paper\/(?:[^/]+\/)?[0-9a-f]{40}\/?$/i.test(url.pathname),
  idsFromPage: idsInHeader,
  title: ['h1[data-test-id="paper-detail-title"]'],
  abstract: ['[data-test-id="abstract-text"]'],
  authors: ['[data-test-id="author-list"] a'],
  anchor: ['h1[data-test-id="paper-detail-title"]'],
});

/** Only the paper's own links (its header), never the references further down, which name other papers. */
function idsInHeader(doc: Document): PaperIds {
  const ids: PaperIds = {};
  for (const link of doc.querySelectorAll('[data-test-id="paper-link"], [data-test-id="paper-doi"] a')) {
    const href = link.getAttribute('href') ?? '';
    const arxiv = parseArxivUrl(href);
    if (arxiv && !ids.arxivId) ids.arxivId = arxiv.id;
    const doi = parseDoi(href);
    if (doi && !ids.doi && !doi.startsWith('10.48550/')) ids.doi = doi;
  }
  return ids;
}
