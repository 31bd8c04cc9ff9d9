import { parseArxivId, parseArxivUrl, parseBareId } from './arxiv-id';
import { displayAuthorName } from './author-name';
import { parseDoi } from './doi';
import { stripTags } from './page/clean-text';
import { type MetaTags, metaValue, metaValues } from './page/meta-tags';
import { parseMetaDate } from './page-dates';

/**
 * Highwire Press `citation_*` meta tags (the tags Google Scholar reads), with Dublin Core and
 * OpenGraph as fallbacks: the most stable signal most paper sites carry.
 */
export interface HighwireFields {
  arxivId?: string;
  version?: number;
  doi?: string;
  title?: string;
  abstract?: string;
  authors: string[];
  published?: string;
}

export function readHighwire(tags: MetaTags): HighwireFields {
  const arxiv =
    parseBareId(metaValue(tags, 'citation_arxiv_id')?.trim() ?? '') ??
    arxivIdOfDois(tags) ??
    parseArxivUrl(metaValue(tags, 'citation_pdf_url') ?? '') ??
    parseArxivUrl(metaValue(tags, 'citation_abstract_html_url') ?? '');
  const doi = [
    ...metaValues(tags, 'citation_doi'),
    ...metaValues(tags, 'dc.identifier'),
    ...metaValues(tags, 'prism.doi'),
  ]
    .map((d) => parseDoi(d))
    .find((d) => d !== null && !d.startsWith('10.48550/'));
  const abstract = metaValue(tags, 'citation_abstract', 'dc.description');
  const fields: HighwireFields = { authors: readAuthors(tags) };
  if (arxiv) {
    fields.arxivId = arxiv.id;
    if (arxiv.version !== undefined) fields.version = arxiv.version;
  }
  if (doi) fields.doi = doi;
  const title = metaValue(tags, 'citation_title', 'dc.title');
  if (title) fields.title = title;
  if (abstract) fields.abstract = stripTags(abstract);
  const published = parseMetaDate(
    metaValue(tags, 'citation_publication_date', 'citation_date', 'citation_online_date', 'dc.date'),
  );
  if (published) fields.published = published;
  return fields;
}

function arxivIdOfDois(tags: MetaTags) {
  for (const key of ['citation_doi', 'dc.identifier']) {
    for (const value of metaValues(tags, key)) {
      const parsed = parseArxivId(value.replace(/^doi:\s*/i, ''));
      if (parsed && /10\.48550/i.test(value)) return parsed;
    }
  }
  return null;
}

function readAuthors(tags: MetaTags): string[] {
  const one = metaValues(tags, 'citation_author');
  if (one.length > 0) return one.map(displayAuthorName);
  // Older Highwire pages list everyone in one tag, separated by semicolons.
  const all = metaValue(tags, 'citation_authors');
  if (all) return all.split(';').map(displayAuthorName);
  return metaValues(tags, 'dc.creator').map(displayAuthorName);
}
