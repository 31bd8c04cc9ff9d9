import { categoriesFromSubjects, categoryFromLabel } from '../arxiv-categories';
import { parseArxivId } from '../arxiv-id';
import { buildRef } from '../build-ref';
import { queryFirst } from '../page/query';
import { readText } from '../page/read-text';
import type { FoundPaper, SiteAdapter } from '../types';
import { ARXIV_LABEL_CLASSES, ARXIV_MATCHES } from './arxiv-hosts';

/**
 * arXiv listings, `/list/ARCHIVE[.CAT]/{new,recent,pastweek,YYYY-MM,YYMM}`: one `<dl id='articles'>`
 * per section (new, cross-lists, replacements on `new`; one per day on `recent`), `<dt>`/`<dd>` pairs.
 * Abstracts only on `new`. Pages reach 2000 entries, so the walk is one pass over each `<dl>`'s
 * children with lookups scoped to the entry, never a document-wide query per entry.
 */

const SELECTORS = {
  lists: [
    'dl#articles', // arxiv-browse list templates (2024-2026): <dl id='articles'>, one per section
    '#dlpage dl', // the classic listing page: div#dlpage > dl
  ],
  listRoot: [
    '#dlpage dl', // both: the filter bar goes above the first list
    'dl#articles',
  ],
  abstractLink: [
    'a[title="Abstract"]', // <a href="/abs/ID" title="Abstract" id="ID">arXiv:ID</a>
    'a[href*="/abs/"]', // any abstract link, should the title attribute go
  ],
  title: ['.list-title'], // <div class='list-title mathjax'><span class='descriptor'>Title:</span> …
  authors: ['.list-authors'], // <div class='list-authors'><a …>Name</a>, …
  subjects: ['.list-subjects'], // <span class="primary-subject">Machine Learning (cs.LG)</span>; …
  abstract: [
    'p.mathjax', // `new` only: <p class='mathjax'>abstract</p>
    'p', // the same paragraph without its class
  ],
};

/** The category an arXiv listing lists, from its URL: `cs.AI` for /list/cs.AI/new; none elsewhere. */
export function listingCategory(url: URL): string | undefined {
  if (!arxivListingAdapter.handles(url) || !/(^|\.)arxiv\.org$/.test(url.hostname)) return undefined;
  return /^\/list\/([a-z-]+\.[A-Za-z-]+)\/[^/]+\/?$/.exec(url.pathname)?.[1];
}

export const arxivListingAdapter: SiteAdapter = {
  id: 'arxiv-listing',
  name: 'arXiv listing',
  matches: ARXIV_MATCHES,
  examples: {
    match: [
      'https://arxiv.org/list/cs.LG/new',
      'https://arxiv.org/list/cs.AI/recent',
      'https://arxiv.org/list/cs.CL/pastweek?skip=0&show=2000',
      'https://arxiv.org/list/hep-th/2024-01',
      'https://arxiv.org/list/cs.LG/2106',
      'https://arxiv.org/list/q-fin/new',
      'https://export.arxiv.org/list/cs.IR/new',
    ],
    noMatch: ['https://arxiv.org/list/', 'https://arxiv.org/list/cs.LG', 'https://arxiv.org/archive/cs'],
  },
  handles: (url) => /^\/list\/[^/]+\/[^/]+\/?$/.test(url.pathname),
  extract: (doc) => [...listingEntries(doc)],
  // 2000 entries take 100-250 ms to read: the content script reads them a slice at a time.
  extractEach: listingEntries,
  listRoot: (doc) => queryFirst(doc, SELECTORS.listRoot),
};

function* listingEntries(doc: Document): Generator<FoundPaper> {
  for (const list of listsOf(doc)) {
    let section: FoundPaper['section'];
    for (let node = list.firstElementChild; node; node = node.nextElementSibling) {
      const tag = node.localName;
      if (tag === 'h3') section = sectionOfHeading(readText(node)) ?? section;
      if (tag !== 'dt') continue;
      const dd = node.nextElementSibling;
      if (dd?.localName !== 'dd') continue;
      const paper = readEntry(node, dd, section);
      if (paper) yield paper;
    }
  }
}

function listsOf(doc: Document): Element[] {
  for (const selector of SELECTORS.lists) {
    const lists = doc.querySelectorAll(selector);
    if (lists.length > 0) return Array.from(lists);
  }
  return [];
}

function readEntry(dt: Element, dd: Element, section: FoundPaper['section']): FoundPaper | null {
  // The id comes from the link's attributes, never from text a page could dress up.
  const link = queryFirst(dt, SELECTORS.abstractLink);
  const parsed = parseArxivId(link?.getAttribute('id') ?? '') ?? parseArxivId(absoluteHref(link));
  if (!parsed) return null;
  const titleEl = queryFirst(dd, SELECTORS.title);
  const subjects = queryFirst(dd, SELECTORS.subjects);
  const primary = categoryFromLabel(readText(subjects?.querySelector('.primary-subject')));
  const all = categoriesFromSubjects(readText(subjects, { skipClasses: ARXIV_LABEL_CLASSES }));
  const authorsBox = queryFirst(dd, SELECTORS.authors);
  const authorLinks = authorsBox ? Array.from(authorsBox.querySelectorAll('a')) : [];
  const ref = buildRef({
    arxivId: parsed.id,
    version: parsed.version,
    title: readText(titleEl, { skipClasses: ARXIV_LABEL_CLASSES }),
    authors: authorLinks.length > 0 ? authorLinks.map((a) => readText(a)) : readText(authorsBox).split(','),
    categories: primary ? [primary, ...all.filter((c) => c !== primary)] : all,
    abstract: readText(abstractOf(dd)),
  });
  if (!ref) return null;
  const typeInfo = dt.textContent ?? '';
  const kind = /\(replaced\)/.test(typeInfo)
    ? 'replacement'
    : /cross-list/.test(typeInfo)
      ? 'cross-list'
      : section;
  const anchor = titleEl ?? dd;
  return {
    ref,
    entry: dd,
    anchor,
    placement: titleEl ? 'after' : 'prepend',
    ...(kind ? { section: kind } : {}),
  };
}

/** The abstract paragraph is a direct child of `div.meta`, after the list fields. */
function abstractOf(dd: Element): Element | null {
  const meta = dd.querySelector('.meta') ?? dd;
  for (const selector of SELECTORS.abstract) {
    for (let child = meta.firstElementChild; child; child = child.nextElementSibling) {
      if (child.matches(selector)) return child;
    }
  }
  return null;
}

function absoluteHref(link: Element | null): string {
  const href = link?.getAttribute('href')?.trim();
  if (!href) return '';
  try {
    return new URL(href, 'https://arxiv.org/').href;
  } catch {
    return '';
  }
}

function sectionOfHeading(text: string): FoundPaper['section'] | undefined {
  if (/^\s*new submissions/i.test(text)) return 'new';
  if (/^\s*cross/i.test(text)) return 'cross-list';
  if (/^\s*replacement/i.test(text)) return 'replacement';
  return undefined;
}
