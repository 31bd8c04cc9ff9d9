import { parseArxivUrl } from './arxiv-id';
import { parseDoi } from './doi';

export interface PaperOfUrl {
  arxivId?: string;
  version?: number;
  doi?: string;
}

// bioRxiv / medRxiv, including their PDFs: /content/10.1101/2021.11.08.467690v2.full.pdf
const BIORXIV =
  /^https?:\/\/(?:www\.)?(?:bio|med)rxiv\.org\/content\/(10\.1101\/(?:\d{4}\.\d{2}\.\d{2}\.)?\d{6,8})/i;

/**
 * The paper a tab shows, from its URL alone: for the popup, and for pages with nothing to decorate
 * (arXiv PDFs). arXiv `/abs/ /pdf/ /html/ /format/`, alphaxiv, Hugging Face papers, doi.org and
 * bioRxiv/medRxiv URLs; null for anything else.
 */
export function paperOfUrl(url: string): PaperOfUrl | null {
  if (typeof url !== 'string' || url.length > 4096) return null;
  const arxiv = parseArxivUrl(url);
  if (arxiv)
    return arxiv.version === undefined
      ? { arxivId: arxiv.id }
      : { arxivId: arxiv.id, version: arxiv.version };
  const biorxiv = BIORXIV.exec(url);
  if (biorxiv) return { doi: biorxiv[1]!.toLowerCase() };
  if (/^https?:\/\/(?:dx\.|www\.)?doi\.org\//i.test(url)) {
    const doi = parseDoi(url.split(/[?#]/)[0]);
    return doi ? { doi } : null;
  }
  return null;
}
