import { defineSinglePaperAdapter, type PaperIds } from '../single-paper-adapter';

/**
 * bioRxiv and medRxiv article pages, `/content/10.1101/ID[vN][.full|.abstract|…]` (Highwire platform; no
 * capture, markup inferred, so it fails closed: no Highwire title heading, nothing). The DOI is in the
 * URL; Highwire `citation_*` tags carry the rest.
 */
export const biorxivAdapter = defineSinglePaperAdapter({
  id: 'biorxiv',
  name: 'bioRxiv / medRxiv',
  matches: [
    'https://www.biorxiv.org/*',
    'https://biorxiv.org/*',
    'https://www.medrxiv.org/*',
    'https://medrxiv.org/*',
  ],
  examples: {
    match: [
      'https://www.biorxiv.org/content/10.1101/2021.11.08.467690v2',
      'https://www.biorxiv.org/content/10.1101/2021.11.08.467690v2.full',
      'https://www.medrxiv.org/content/10.1101/2020.04.14.20062463v1.abstract',
      'https://www.biorxiv.org/content/10.1101/467690',
    ],
    noMatch: [
      'https://www.biorxiv.org/',
      'https://www.biorxiv.org/content/10.1101/2021.11.08.467690v2.full.pdf',
      'https://www.biorxiv.org/collection/neuroscience',
    ],
  },
  handles: (url) => doiOfPath(url.pathname) !== undefined,
  idsFromUrl: (url): PaperIds => {
    const doi = doiOfPath(url.pathname);
    return doi ? { doi } : {};
  },
  title: ['h1#page-title', 'h1.highwire-cite-title'],
  abstract: ['div.section.abstract'],
  authors: ['.highwire-cite-authors .highwire-citation-author'],
  anchor: ['h1#page-title', 'h1.highwire-cite-title'],
});

const ARTICLE_PATH =
  /^\/content\/(10\.1101\/(?:\d{4}\.\d{2}\.\d{2}\.)?\d{6,8})(?:v\d+)?(?:\.(?:full|abstract|article-info|article-metrics|supplementary-material|full-text))?\/?$/;

function doiOfPath(path: string): string | undefined {
  return ARTICLE_PATH.exec(path)?.[1];
}
