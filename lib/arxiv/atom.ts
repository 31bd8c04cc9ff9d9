import { MAX_STORED_AUTHORS, type Paper } from '../paper';
import { ArxivApiError } from './api-error';
import { parseAbsUrl } from './arxiv-id';
import { childOf, childrenOf, parseXmlTree, textOf, type XmlElement, XmlError } from './xml-tree';

export { ArxivApiError, type ArxivErrorKind } from './api-error';

const ATOM = 'http://www.w3.org/2005/Atom';
const OPENSEARCH = 'http://a9.com/-/spec/opensearch/1.1/';
const ARXIV = 'http://arxiv.org/schemas/atom';

// Bounds match PaperRefSchema; real arXiv metadata is far inside them (abstracts are capped at 1920 chars).
const MAX_TITLE = 2000;
const MAX_ABSTRACT = 20000;
const MAX_NAME = 500;
const MAX_CATEGORIES = 50;
const CATEGORY = /^[a-z][a-z-]*(?:\.[A-Za-z][A-Za-z-]*)?$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

export interface SkippedEntry {
  /** The entry's `<id>` text, when it had one. */
  entryId?: string;
  reason: string;
}

export interface AtomPage {
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  papers: Paper[];
  /** Entries that were present but unreadable (no usable id, date, title or category). */
  skipped: SkippedEntry[];
}

/**
 * Reads one page of the arXiv API, in either live serialization (fixtures/STRUCTURE.md §4): elements are
 * matched by namespace URI and local name, never by prefix or position.
 *
 * - arXiv's error feed (one entry titled "Error" with an `/api/errors#...` id) throws `api-error` carrying
 *   arXiv's message.
 * - Anything that is not a well-formed Atom feed with `opensearch:totalResults`/`startIndex` throws `malformed`.
 * - A single unreadable entry is skipped and listed in `skipped`, not fatal: failing the whole page would
 *   stall a backfill on the same cursor forever, and the other entries on the page are good.
 */
export function parseAtomFeed(xml: string): AtomPage {
  let feed: XmlElement;
  try {
    feed = parseXmlTree(xml);
  } catch (error) {
    if (error instanceof XmlError) throw new ArxivApiError('malformed', error.message);
    throw error;
  }
  if (feed.ns !== ATOM || feed.local !== 'feed') {
    throw new ArxivApiError('malformed', `not an Atom feed: root element <${feed.local}>`);
  }
  const entries = childrenOf(feed, ATOM, 'entry');
  for (const entry of entries) {
    const message = errorEntryMessage(entry);
    if (message !== undefined) throw new ArxivApiError('api-error', message);
  }
  const totalResults = readCount(feed, 'totalResults');
  const startIndex = readCount(feed, 'startIndex');
  if (totalResults === undefined || startIndex === undefined) {
    throw new ArxivApiError('malformed', 'feed lacks opensearch:totalResults or opensearch:startIndex');
  }
  const papers: Paper[] = [];
  const skipped: SkippedEntry[] = [];
  for (const entry of entries) {
    const result = readEntry(entry);
    if ('reason' in result) skipped.push(result);
    else papers.push(result);
  }
  const itemsPerPage = readCount(feed, 'itemsPerPage') ?? entries.length;
  return { totalResults, startIndex, itemsPerPage, papers, skipped };
}

function errorEntryMessage(entry: XmlElement): string | undefined {
  const id = text(childOf(entry, ATOM, 'id'));
  const isError =
    /^https?:\/\/(?:export\.)?arxiv\.org\/api\/errors/.test(id) ||
    (text(childOf(entry, ATOM, 'title')) === 'Error' && parseAbsUrl(id) === undefined);
  if (!isError) return undefined;
  return text(childOf(entry, ATOM, 'summary')) || 'arXiv API error';
}

function readCount(feed: XmlElement, name: string): number | undefined {
  const value = text(childOf(feed, OPENSEARCH, name));
  return /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

function readEntry(entry: XmlElement): Paper | SkippedEntry {
  const entryId = text(childOf(entry, ATOM, 'id'));
  const skip = (reason: string): SkippedEntry => (entryId ? { entryId, reason } : { reason });
  const parsedId = parseAbsUrl(entryId);
  if (!parsedId) return skip('id is not an arXiv abstract URL');
  const title = text(childOf(entry, ATOM, 'title')).slice(0, MAX_TITLE);
  if (!title) return skip('no title');
  const published = readTime(childOf(entry, ATOM, 'published'));
  if (published === undefined) return skip('no valid published date');
  const updated = readTime(childOf(entry, ATOM, 'updated')) ?? published;

  const listed = childrenOf(entry, ATOM, 'category').map((c) => c.attrs.get('term')?.trim() ?? '');
  const primaryTerm = childOf(entry, ARXIV, 'primary_category')?.attrs.get('term')?.trim();
  const categories = [...new Set([primaryTerm ?? '', ...listed])]
    .filter((c) => CATEGORY.test(c))
    .slice(0, MAX_CATEGORIES);
  const primary = categories[0];
  if (primary === undefined) return skip('no category');

  const names = childrenOf(entry, ATOM, 'author')
    .map((author) => text(childOf(author, ATOM, 'name')).slice(0, MAX_NAME))
    .filter((name) => name !== '');
  // Old ids come unversioned in <id> (hep-ex/0307015); the alternate link still carries the version.
  const version = parsedId.version ?? alternateVersion(entry, parsedId.id);
  const doi = text(childOf(entry, ARXIV, 'doi')).slice(0, 300);

  const paper: Paper = {
    id: parsedId.id,
    title,
    abstract: text(childOf(entry, ATOM, 'summary')).slice(0, MAX_ABSTRACT),
    authors: names.slice(0, MAX_STORED_AUTHORS),
    authorCount: names.length,
    categories,
    primary,
    published,
    updated,
  };
  if (version !== undefined) paper.version = version;
  if (doi) paper.doi = doi;
  return paper;
}

function alternateVersion(entry: XmlElement, id: string): number | undefined {
  for (const link of childrenOf(entry, ATOM, 'link')) {
    if (link.attrs.get('rel') !== 'alternate') continue;
    const parsed = parseAbsUrl(link.attrs.get('href') ?? '');
    if (parsed?.id === id && parsed.version !== undefined) return parsed.version;
  }
  return undefined;
}

function readTime(element: XmlElement | undefined): number | undefined {
  const value = text(element);
  if (!TIMESTAMP.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Element text with whitespace collapsed: the old serialization hard-wraps titles and summaries. */
function text(element: XmlElement | undefined): string {
  return element ? textOf(element).replace(/\s+/g, ' ').trim() : '';
}
