import { textAfterLabel } from '../page/after-label';
import { defineSinglePaperAdapter } from '../single-paper-adapter';

/**
 * OpenReview forum pages, `openreview.net/forum?id=…` (a Next.js app). The only real capture (2026-09) is
 * its Cloudflare "Verifying your browser" wall, on which this adapter finds nothing; the forum markup
 * is inferred from extensions that read it. OpenReview has no arXiv id or DOI for most papers: the title
 * and abstract still let the tagger work.
 */
export const openreviewAdapter = defineSinglePaperAdapter({
  id: 'openreview',
  name: 'OpenReview',
  matches: ['https://openreview.net/*'],
  spa: true,
  examples: {
    match: [
      'https://openreview.net/forum?id=xQUe1pOKPam',
      'https://openreview.net/forum?id=YicbFdNTTy&noteId=abc',
    ],
    noMatch: [
      'https://openreview.net/',
      'https://openreview.net/forum',
      'https://openreview.net/pdf?id=xQUe1pOKPam',
      'https://openreview.net/group?id=ICLR.cc/2026/Conference',
    ],
  },
  handles: (url) => url.pathname === '/forum' && /^[\w-]{5,40}$/.test(url.searchParams.get('id') ?? ''),
  title: [
    '.forum-title h2', // 2023+ UI: div.forum-title > h2.citation_title
    'h2.citation_title',
  ],
  abstract: [
    (doc) => textAfterLabel(doc, '.forum-note .note-content-field', 'Abstract'), // <strong class="note-content-field">Abstract:</strong>
    (doc) => textAfterLabel(doc, '.note-content-field', 'Abstract'),
  ],
  authors: ['.forum-authors a'], // div.forum-authors > h3 > span > a, one per author
  anchor: ['.forum-title h2', '.forum-title', 'h2.citation_title'],
});
