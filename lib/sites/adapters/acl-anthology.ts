import { defineSinglePaperAdapter } from '../single-paper-adapter';

/**
 * ACL Anthology paper pages, `aclanthology.org/ID/` (new ids `2021.naacl-main.208`, old `N04-1001`).
 * Read from real captures of 2026-02 (Hugo 0.140) and 2026-09 (Hugo 0.160), same structure: unquoted
 * attributes, `citation_*` tags with "First Last" authors and the DOI, the title in `h2#title`, the
 * abstract in `div.acl-abstract`. No arXiv id on the page.
 */
export const aclAnthologyAdapter = defineSinglePaperAdapter({
  id: 'acl-anthology',
  name: 'ACL Anthology',
  matches: ['https://aclanthology.org/*'],
  examples: {
    match: [
      'https://aclanthology.org/2021.naacl-main.208/',
      'https://aclanthology.org/2020.acl-main.405',
      'https://aclanthology.org/N04-1001/',
    ],
    noMatch: [
      'https://aclanthology.org/',
      'https://aclanthology.org/2021.naacl-main.208.pdf',
      'https://aclanthology.org/volumes/2021.naacl-main/',
      'https://aclanthology.org/people/teven-le-scao/',
    ],
  },
  handles: (url) => /^\/(?:\d{4}\.[a-z0-9-]+\.\d+|[A-Z]\d{2}-\d{4})\/?$/i.test(url.pathname),
  title: ['h2#title'], // <h2 id=title><a href=….pdf>Title</a></h2>
  abstract: [
    'div.acl-abstract > span', // <div class="card-body acl-abstract"><h5 class=card-title>Abstract</h5><span>…
    'div.acl-abstract',
  ],
  authors: ['p.lead a'], // <p class=lead><a href=/people/…>Name</a>, …
  skipClasses: ['card-title'],
  anchor: ['h2#title'],
});
