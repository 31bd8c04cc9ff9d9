import type { PaperRef } from '../paper';
import { isArxivCategory } from './arxiv-categories';
import { parseBareId } from './arxiv-id';
import { parseDoi } from './doi';
import { cleanText } from './page/clean-text';

/** What an adapter read, before cleaning. Any field may be missing or junk. */
export interface RawPaperFields {
  arxivId?: string | null;
  version?: number | null;
  doi?: string | null;
  title?: string | null;
  abstract?: string | null;
  authors?: readonly string[];
  categories?: readonly string[];
  published?: string | null;
}

// The bounds of PaperRefSchema (lib/paper.ts), applied here so every ref passes it.
const MAX_TITLE = 2000;
const MAX_ABSTRACT = 20_000;
const MAX_AUTHORS = 5000;
const MAX_AUTHOR = 500;
const MAX_CATEGORIES = 50;
const MAX_PUBLISHED = 40;

/**
 * A clean, bounded `PaperRef`, or null when there is nothing to identify the paper by (no arXiv id, no
 * DOI and no title). A paper with an id but no readable title is kept: the index knows it by its id.
 */
export function buildRef(raw: RawPaperFields): PaperRef | null {
  const parsedId = raw.arxivId ? parseBareId(raw.arxivId.trim()) : null;
  const doi = raw.doi ? parseDoi(raw.doi) : null;
  const title = cleanText(raw.title ?? '', MAX_TITLE);
  if (!parsedId && !doi && !title) return null;
  const ref: PaperRef = {
    title,
    authors: cleanAuthors(raw.authors ?? []),
    categories: cleanCategories(raw.categories ?? []),
  };
  if (parsedId) {
    ref.arxivId = parsedId.id;
    const version = raw.version ?? parsedId.version;
    if (version != null && Number.isInteger(version) && version >= 1 && version <= 1000)
      ref.version = version;
  }
  if (doi) ref.doi = doi;
  const abstract = cleanText(raw.abstract ?? '', MAX_ABSTRACT);
  if (abstract) ref.abstract = abstract;
  const published = cleanText(raw.published ?? '', MAX_PUBLISHED);
  if (published) ref.published = published;
  return ref;
}

function cleanAuthors(authors: readonly string[]): string[] {
  const out: string[] = [];
  for (const author of authors) {
    if (out.length >= MAX_AUTHORS) break;
    const name = cleanText(author, MAX_AUTHOR);
    if (name) out.push(name);
  }
  return out;
}

function cleanCategories(categories: readonly string[]): string[] {
  const out: string[] = [];
  for (const category of categories) {
    if (out.length >= MAX_CATEGORIES) break;
    const code = category.trim();
    if (isArxivCategory(code) && !out.includes(code)) out.push(code);
  }
  return out;
}
