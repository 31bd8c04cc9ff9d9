import { parseArxivUrl } from '../arxiv-id';
import { splitAuthorList } from '../author-name';
import { buildRef } from '../build-ref';
import { queryAllFirst, queryFirst } from '../page/query';
import { readText } from '../page/read-text';
import type { SiteAdapter } from '../types';
import { ARXIV_MATCHES } from './arxiv-hosts';

/**
 * arXiv's HTML view, `/html/ID[vN]` (LaTeXML output). The page carries no categories and no dates; the
 * id and version come from the URL.
 */

const SELECTORS = {
  document: [
    'article.ltx_document', // LaTeXML: <article class="ltx_document ltx_authors_1line">
    '.ltx_page_main', // older LaTeXML wrapper
    'main',
  ],
  title: ['h1.ltx_title_document'],
  abstract: ['div.ltx_abstract'], // <h6 class="ltx_title ltx_title_abstract">Abstract</h6><p class="ltx_p">…
  // One span per author (ltx_creator ltx_role_author > ltx_personname); the name is its text before the
  // first line break, after which LaTeXML puts affiliations and e-mail addresses.
  authors: ['.ltx_role_author .ltx_personname', '.ltx_personname'],
};

// Footnote marks, contact lines, the "Abstract" heading and tag numbers are not part of the text.
const SKIP = [
  'ltx_note',
  'ltx_contact',
  'ltx_role_email',
  'ltx_role_affiliation',
  'ltx_title_abstract',
  'ltx_tag',
];

const NAME_SKIP = [...SKIP, 'ltx_sup'];

export const arxivHtmlAdapter: SiteAdapter = {
  id: 'arxiv-html',
  name: 'arXiv HTML view',
  matches: ARXIV_MATCHES,
  examples: {
    match: [
      'https://arxiv.org/html/2509.01234',
      'https://arxiv.org/html/2509.01234v3',
      'https://arxiv.org/html/2509.01234v3#S2',
      'https://arxiv.org/html/2509.01234v3/#S3.SS1',
    ],
    noMatch: ['https://arxiv.org/html/', 'https://arxiv.org/html/nonsense'],
  },
  handles: (url) => url.pathname.startsWith('/html/') && parseArxivUrl(url.href) !== null,
  extract(doc, url) {
    const parsed = parseArxivUrl(url.href);
    if (!parsed) return [];
    const root = queryFirst(doc, SELECTORS.document) ?? doc.body;
    if (!root) return [];
    const titleEl = queryFirst(root, SELECTORS.title);
    const ref = buildRef({
      arxivId: parsed.id,
      version: parsed.version,
      title: readText(titleEl, { skipClasses: SKIP }),
      abstract: readText(queryFirst(root, SELECTORS.abstract), { skipClasses: SKIP }),
      authors: queryAllFirst(root, SELECTORS.authors).flatMap((el) => splitAuthorList(personName(el))),
    });
    if (!ref) return [];
    return titleEl
      ? [{ ref, entry: root, anchor: titleEl, placement: 'after' }]
      : [{ ref, entry: root, anchor: root, placement: 'prepend' }];
  },
};

/**
 * The name part of an `ltx_personname`: its content up to the first `<br>`, without superscript marks
 * (affiliation numbers). One personname often holds several authors ("A, B and C"): split by the caller.
 */
function personName(el: Element): string {
  const parts: string[] = [];
  for (const child of el.childNodes) {
    if (child.nodeType === 1 && (child as Element).localName === 'br') break;
    parts.push(
      child.nodeType === 1
        ? readText(child as Element, { skipClasses: NAME_SKIP })
        : (child.textContent ?? ''),
    );
  }
  return parts.join('');
}
