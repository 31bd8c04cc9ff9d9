import { categoriesFromSubjects, categoryFromLabel } from '../arxiv-categories';
import { parseArxivUrl, parseBareId } from '../arxiv-id';
import { displayAuthorName } from '../author-name';
import { buildRef } from '../build-ref';
import { parseDoi } from '../doi';
import { metaValue, metaValues, readMetaTags } from '../page/meta-tags';
import { queryAllFirst, queryFirst } from '../page/query';
import { readText } from '../page/read-text';
import { parseMetaDate, parseSubmissionDate } from '../page-dates';
import type { SiteAdapter } from '../types';
import { ARXIV_LABEL_CLASSES, ARXIV_MATCHES } from './arxiv-hosts';
import { parseVersionHistory } from './arxiv-version-history';

/** arXiv abstract page, `/abs/ID[vN]`: the 2021 XHTML layout and the 2026 design-system layout. */

const SELECTORS = {
  root: [
    '#abs', // 2021 XHTML and 2026: div#content-inner > div#abs
    '#abs-outer .leftcolumn', // both layouts, should #abs ever be renamed
    'main',
  ],
  title: [
    'h1.title', // both layouts: <h1 class="title mathjax"><span class="descriptor">Title:</span>…
  ],
  authors: [
    'div.authors a', // both layouts: one <a> per author (2026 adds rel="nofollow")
  ],
  authorsBox: ['div.authors'], // an author list without links (collaborations): text split on commas
  abstract: [
    'blockquote.abstract', // both layouts
  ],
  subjects: [
    'td.tablecell.subjects', // both layouts: <span class="primary-subject">Machine Learning (cs.LG)</span>; …
  ],
  primaryFromCiteAs: [
    'td.tablecell.arxivid', // both layouts: "arXiv:2106.09608 [cs.LG]" (fallback for the primary category)
  ],
  history: [
    '.submission-history', // 2021 and 2026: outside #abs in 2021, so looked up in the document
    '.arxiv-submission-history', // arxiv-browse's card template (<div class="card arxiv-submission-history">)
  ],
  dateline: ['div.dateline'], // both layouts: "[Submitted on 17 Jun 2021 (v1), last revised …]"
  doiLinks: ['.metatable a[href*="doi.org/10."]'], // the journal DOI row, and (2026) the arXiv DOI row
};

export const arxivAbsAdapter: SiteAdapter = {
  id: 'arxiv-abs',
  name: 'arXiv abstract page',
  matches: ARXIV_MATCHES,
  examples: {
    match: [
      'https://arxiv.org/abs/2106.09608',
      'https://arxiv.org/abs/2106.09608v2',
      'https://arxiv.org/abs/2606.32040',
      'https://arxiv.org/abs/hep-th/9901001',
      'https://arxiv.org/abs/math.AG/0601001v2',
      'https://export.arxiv.org/abs/1902.02534',
      'https://www.arxiv.org/abs/0704.0001?context=cs',
    ],
    noMatch: [
      'https://arxiv.org/abs/',
      'https://arxiv.org/abs/not-a-paper',
      'https://arxiv.org/abs/2513.00001',
      'https://arxiv.org/pdf/2106.09608',
      'https://example.org/abs/2106.09608',
    ],
  },
  handles: (url) => url.pathname.startsWith('/abs/') && parseArxivUrl(url.href) !== null,
  extract(doc, url) {
    const tags = readMetaTags(doc);
    const fromUrl = parseArxivUrl(url.href);
    const fromMeta = parseBareId(metaValue(tags, 'citation_arxiv_id')?.trim() ?? '');
    const id = fromUrl?.id ?? fromMeta?.id;
    const root = queryFirst(doc, SELECTORS.root) ?? doc.body;
    if (!id || !root) return [];

    const titleEl = queryFirst(root, SELECTORS.title);
    const history = parseVersionHistory(readText(queryFirst(doc, SELECTORS.history)));
    const ref = buildRef({
      arxivId: id,
      version: history.latestVersion ?? versionOfOgUrl(metaValue(tags, 'og:url')) ?? fromUrl?.version,
      title:
        readText(titleEl, { skipClasses: ARXIV_LABEL_CLASSES }) ||
        metaValue(tags, 'citation_title') ||
        doc.title.replace(/^\s*\[[^\]]*\]\s*/, ''),
      abstract:
        readText(queryFirst(root, SELECTORS.abstract), { skipClasses: ARXIV_LABEL_CLASSES }) ||
        metaValue(tags, 'citation_abstract'),
      authors: readAuthors(root, metaValues(tags, 'citation_author')),
      categories: readCategories(root),
      published:
        history.firstSubmitted ??
        parseMetaDate(metaValue(tags, 'citation_date')) ??
        parseSubmissionDate(readText(queryFirst(root, SELECTORS.dateline))),
      doi: journalDoi(root) ?? metaValue(tags, 'citation_doi'),
    });
    if (!ref) return [];
    return titleEl
      ? [{ ref, entry: root, anchor: titleEl, placement: 'after' }]
      : [{ ref, entry: root, anchor: root, placement: 'prepend' }];
  },
};

function readAuthors(root: Element, metaAuthors: readonly string[]): string[] {
  const links = queryAllFirst(root, SELECTORS.authors).map((a) => readText(a));
  if (links.length > 0) return links;
  const box = readText(queryFirst(root, SELECTORS.authorsBox), { skipClasses: ARXIV_LABEL_CLASSES });
  if (box) return box.split(',');
  return metaAuthors.map(displayAuthorName);
}

function readCategories(root: Element): string[] {
  const subjects = queryFirst(root, SELECTORS.subjects);
  const primary =
    categoryFromLabel(readText(subjects?.querySelector('.primary-subject'))) ??
    categoryFromLabel(
      /\[([^\]]+)\]/.exec(readText(queryFirst(root, SELECTORS.primaryFromCiteAs)))?.[1] ?? '',
    );
  const all = categoriesFromSubjects(readText(subjects));
  return primary ? [primary, ...all.filter((c) => c !== primary)] : all;
}

/** The paper's journal DOI; arXiv's own DataCite DOI (10.48550) says nothing the id does not. */
function journalDoi(root: Element): string | undefined {
  for (const link of queryAllFirst(root, SELECTORS.doiLinks)) {
    const doi = parseDoi(link.getAttribute('href'));
    if (doi && !doi.startsWith('10.48550/')) return doi;
  }
  return undefined;
}

function versionOfOgUrl(ogUrl: string | undefined): number | undefined {
  return ogUrl ? (parseArxivUrl(ogUrl)?.version ?? undefined) : undefined;
}
