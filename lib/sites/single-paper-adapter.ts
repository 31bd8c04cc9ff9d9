import { safely } from '../safely';
import { splitAuthorList } from './author-name';
import { buildRef } from './build-ref';
import { type HighwireFields, readHighwire } from './highwire';
import { stripTags } from './page/clean-text';
import { type MetaTags, metaValue, readMetaTags } from './page/meta-tags';
import { queryAllFirst, queryFirst } from './page/query';
import { readText } from './page/read-text';
import { parseMetaDate } from './page-dates';
import type { FoundPaper, SiteAdapter } from './types';

/**
 * Most sites show one paper per page, described by meta tags and a few elements. Their adapters are
 * declarations: where the title, abstract and authors are in the page markup (tried in order), what ids the
 * URL carries, and where the UI goes. Highwire `citation_*` tags, where a site has them and they describe
 * the page, are read first for every field: they are what the site publishes for indexers, steadier than
 * its markup (the real NeurIPS page has a modal's `<h4>` where a guessed title selector looked). The
 * markup is the fallback.
 */

/**
 * A CSS selector, `meta:NAME` for the content of `<meta name|property=NAME>`, or a function for what a
 * selector cannot say ("the paragraph after the heading that reads Abstract").
 */
export type FieldSource = string | ((doc: Document) => string);

export interface PaperIds {
  arxivId?: string;
  version?: number;
  doi?: string;
}

export interface SinglePaperSpec extends Omit<SiteAdapter, 'extract' | 'listRoot'> {
  /** Ids the URL itself carries: on single-page apps the surest signal, as meta tags can lag behind. */
  idsFromUrl?(url: URL): PaperIds;
  /** Ids shown in the page body (an arXiv link in the paper's header): after the URL's, before the meta tags'. */
  idsFromPage?(doc: Document): PaperIds;
  /** Page markup for each field, after the citation tags (`meta:` sources for other tags, like og:). */
  title: readonly FieldSource[];
  abstract?: readonly FieldSource[];
  /** A selector matching one element per author, or one element holding a comma-separated list. */
  authors?: readonly FieldSource[];
  published?: readonly FieldSource[];
  /**
   * The UI goes after the first match (the title, usually). Without a match the page is not the layout the
   * adapter knows, and it finds nothing (fails closed): a guess there could name a menu item as the paper.
   */
  anchor: readonly string[];
  /** Only for the generic Highwire adapter, which reads any site: without an anchor the UI goes on top. */
  anchorOptional?: boolean;
  /** Classes of labels inside the fields (`Abstract:`) to leave out. */
  skipClasses?: readonly string[];
}

// bioRxiv's meta abstract, OpenReview's and Semantic Scholar's boxes start with their own label.
const LEADING_LABEL = /^\s*abstract\s*:?\s*/i;
const ENTRY_CONTAINERS = 'article, main, [role="main"], section, #main';

interface FieldContext {
  doc: Document;
  tags: MetaTags;
  trusted: boolean;
  skipClasses: readonly string[];
}

export function defineSinglePaperAdapter(spec: SinglePaperSpec): SiteAdapter {
  const {
    idsFromUrl,
    idsFromPage,
    title,
    abstract,
    authors,
    published,
    anchor,
    anchorOptional: _,
    skipClasses,
    ...adapter
  } = spec;
  return {
    ...adapter,
    extract(doc, url) {
      const anchorEl = queryFirst(doc, anchor);
      // Not the layout this adapter knows, or a single-page app that has not rendered the paper yet (the
      // content script retries): nothing.
      if (!anchorEl && !spec.anchorOptional) return [];
      const tags = readMetaTags(doc);
      const meta = readHighwire(tags);
      const shown: PaperIds = { ...safely(() => idsFromPage?.(doc), {}), ...idsFromUrl?.(url) };
      const context: FieldContext = { doc, tags, trusted: false, skipClasses: skipClasses ?? [] };
      // The title in the markup alone (meta sources are skipped while untrusted): what the page shows.
      const shownTitle = readField(context, title);
      context.trusted = metaDescribesPage(meta, shown, spec.spa === true, shownTitle, tags);
      const cite: Partial<HighwireFields> = context.trusted ? meta : {};
      const ref = buildRef({
        arxivId: shown.arxivId ?? cite.arxivId,
        version: shown.arxivId ? shown.version : cite.version,
        doi: shown.doi ?? cite.doi,
        title: cite.title || shownTitle || readField(context, title),
        abstract: (cite.abstract || readField(context, abstract)).replace(LEADING_LABEL, ''),
        authors: cite.authors?.length ? cite.authors : readAuthors(context, authors),
        published: cite.published ?? parseMetaDate(readField(context, published)),
      });
      if (!ref) return [];
      return [placeUi(doc, anchorEl, ref)];
    },
  };
}

/**
 * Meta tags are believed unless they name another paper than the page does. On a single-page app, whose
 * head can still describe the page before a client-side navigation, they must name the same paper, or
 * carry the title the page shows.
 */
function metaDescribesPage(
  meta: HighwireFields,
  shown: PaperIds,
  spa: boolean,
  shownTitle: string,
  tags: MetaTags,
): boolean {
  if (shown.arxivId !== undefined && meta.arxivId === shown.arxivId) return true;
  if (shown.doi !== undefined && meta.doi === shown.doi) return true;
  if ((shown.arxivId && meta.arxivId) || (shown.doi && meta.doi)) return false;
  if (!spa) return true;
  const title = comparable(shownTitle);
  if (title.length < 8) return false;
  return ['citation_title', 'og:title', 'dc.title'].some((key) =>
    comparable(metaValue(tags, key) ?? '').includes(title),
  );
}

function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function readField(context: FieldContext, sources: readonly FieldSource[] | undefined): string {
  for (const source of sources ?? []) {
    let text: string;
    if (typeof source === 'function') text = safely(() => source(context.doc), '');
    else if (source.startsWith('meta:')) {
      text = context.trusted ? stripTags(metaValue(context.tags, source.slice(5).toLowerCase()) ?? '') : '';
    } else text = readText(queryFirst(context.doc, [source]), { skipClasses: context.skipClasses });
    if (text.trim()) return text;
  }
  return '';
}

/** Authors from the first markup source that gives any. */
function readAuthors(context: FieldContext, sources: readonly FieldSource[] | undefined): string[] {
  for (const source of sources ?? []) {
    let list: string[];
    if (typeof source === 'function') list = splitAuthorList(safely(() => source(context.doc), ''));
    else if (source.startsWith('meta:')) continue;
    else {
      const names = queryAllFirst(context.doc, [source]).map((el) =>
        readText(el, { skipClasses: context.skipClasses }),
      );
      list = names.length === 1 ? splitAuthorList(names[0]!) : names.filter((n) => n.trim() !== '');
    }
    if (list.length > 0) return list;
  }
  return [];
}

function placeUi(doc: Document, anchorEl: Element | null, ref: FoundPaper['ref']): FoundPaper {
  if (anchorEl) {
    const entry = anchorEl.parentElement?.closest(ENTRY_CONTAINERS) ?? anchorEl.parentElement ?? anchorEl;
    return { ref, entry, anchor: anchorEl, placement: 'after' };
  }
  const container = doc.querySelector(ENTRY_CONTAINERS) ?? doc.body ?? doc.documentElement;
  return { ref, entry: container, anchor: container, placement: 'prepend' };
}
