import { categoryFromLabel } from '../arxiv-categories';
import { parseArxivId } from '../arxiv-id';
import { buildRef } from '../build-ref';
import { parseDoi } from '../doi';
import { queryFirst } from '../page/query';
import { readText } from '../page/read-text';
import { parseDayMonthYear } from '../page-dates';
import type { FoundPaper, SiteAdapter } from '../types';
import { ARXIV_MATCHES } from './arxiv-hosts';

/** arXiv search results, `/search/?query=…` and `/search/advanced?…` (arxiv-search 0.5.6, still live in 2025). */

const SELECTORS = {
  results: [
    'li.arxiv-result', // ol.breathe-horizontal > li.arxiv-result, up to 200 a page
  ],
  listRoot: ['ol.breathe-horizontal'],
  link: [
    'p.list-title a[href*="/abs/"]', // <p class="list-title is-inline-block"><a href="https://arxiv.org/abs/ID">arXiv:ID</a>
    'a[href*="/abs/"]',
  ],
  title: ['p.title'], // <p class="title is-5 mathjax">
  authors: ['p.authors a'], // <a href="/search/?searchtype=author&query=Last%2C+F">First Last</a>
  // The category tags; the DOI sits in a second, `has-addons` tag group that must not be read as categories.
  primaryTag: ['div.tags.is-inline-block span.tag.is-link', 'span.tag.is-link[data-tooltip]'],
  tags: ['div.tags.is-inline-block span.tag[data-tooltip]'],
  abstractFull: ['span.abstract-full', 'p.abstract'], // the full text; `p.abstract` when abstracts are hidden or short
  dateline: ['p.is-size-7'], // "Submitted 5 January, 2026; v1 submitted 2 December, 2025; originally announced …"
  doi: ['a[href^="https://doi.org/"]', 'a[href^="http://dx.doi.org/"]'],
};

// "More"/"Less" toggles inside the abstract spans; "search-hit" is kept (it wraps matched words).
const ABSTRACT_SKIP = ['is-size-7', 'abstract-short'];

export const arxivSearchAdapter: SiteAdapter = {
  id: 'arxiv-search',
  name: 'arXiv search results',
  matches: ARXIV_MATCHES,
  examples: {
    match: [
      'https://arxiv.org/search/?query=distributed+systems&searchtype=abstract',
      'https://arxiv.org/search/advanced?advanced=1&terms-0-term=diffusion',
      'https://arxiv.org/search/cs?searchtype=author&query=Riedl%2C+M+O',
    ],
    noMatch: ['https://arxiv.org/searchx', 'https://arxiv.org/help/search'],
  },
  handles: (url) => /^\/search(?:\/|$)/.test(url.pathname),
  extract(doc) {
    const found: FoundPaper[] = [];
    for (const li of doc.querySelectorAll(SELECTORS.results[0]!)) {
      const paper = readResult(li);
      if (paper) found.push(paper);
    }
    return found;
  },
  listRoot: (doc) => queryFirst(doc, SELECTORS.listRoot),
};

function readResult(li: Element): FoundPaper | null {
  const parsed = parseArxivId(queryFirst(li, SELECTORS.link)?.getAttribute('href') ?? '');
  if (!parsed) return null;
  const titleEl = queryFirst(li, SELECTORS.title);
  const abstractEl = queryFirst(li, SELECTORS.abstractFull);
  // The only place the version shows: the abstract span's id, `2512.03003v1-abstract-full`.
  const versioned = parseArxivId(
    (abstractEl?.getAttribute('id') ?? '').replace(/-abstract-(?:full|short)$/, ''),
  );
  const ref = buildRef({
    arxivId: parsed.id,
    version: versioned?.id === parsed.id ? versioned.version : parsed.version,
    title: readText(titleEl),
    authors: Array.from(li.querySelectorAll(SELECTORS.authors[0]!), (a) => readText(a)),
    categories: readCategories(li),
    abstract: readText(abstractEl, { skipClasses: ABSTRACT_SKIP }).replace(/^Abstract\s*:\s*/, ''),
    published: firstSubmitted(readText(queryFirst(li, SELECTORS.dateline))),
    doi: parseDoi(queryFirst(li, SELECTORS.doi)?.getAttribute('href')),
  });
  if (!ref) return null;
  return titleEl
    ? { ref, entry: li, anchor: titleEl, placement: 'after' }
    : { ref, entry: li, anchor: li, placement: 'append' };
}

function readCategories(li: Element): string[] {
  const primary = categoryFromLabel(readText(queryFirst(li, SELECTORS.primaryTag)));
  const all: string[] = [];
  for (const tag of li.querySelectorAll(SELECTORS.tags[0]!)) {
    const code = categoryFromLabel(readText(tag));
    if (code && code !== primary && !all.includes(code)) all.push(code);
  }
  return primary ? [primary, ...all] : all;
}

/** `v1 submitted X` when there are several versions, else `Submitted X`. */
function firstSubmitted(dateline: string): string | undefined {
  const v1 = /v1 submitted ([^;]+)/i.exec(dateline);
  const only = /Submitted ([^;]+)/.exec(dateline);
  const text = v1?.[1] ?? only?.[1];
  return text ? parseDayMonthYear(text) : undefined;
}
