import { matchesPattern } from '../match-pattern';
import { readMetaTags } from '../page/meta-tags';
import { defineSinglePaperAdapter } from '../single-paper-adapter';
import type { SiteAdapter } from '../types';

/**
 * Any page with Highwire `citation_*` meta tags (journals, repositories): opt-in, because it needs
 * access to every site. It stays out of the way of the site adapters: a host one of them covers is
 * never handled here, so a page gets one adapter however the options are set.
 */
export function createHighwireAdapter(coveredPatterns: readonly string[]): SiteAdapter {
  const generic = defineSinglePaperAdapter({
    id: 'highwire',
    name: 'Any page with citation meta tags',
    matches: ['https://*/*', 'http://*/*'],
    optIn: true,
    examples: {
      match: [
        'https://www.nature.com/articles/s41467-018-07210-0',
        'https://journals.plos.org/plosone/article?id=10.1371/journal.pone.0000001',
        'http://www.jmlr.org/papers/v13/bergstra12a.html',
      ],
      noMatch: [
        'https://arxiv.org/abs/2106.09608',
        'https://huggingface.co/models',
        'ftp://example.org/paper',
      ],
    },
    handles: (url) => !coveredPatterns.some((p) => matchesPattern(p, url)),
    title: ['meta:citation_title'],
    abstract: ['meta:citation_abstract', 'meta:dc.description'],
    authors: ['meta:citation_author'],
    anchor: ['h1'],
  });
  return {
    ...generic,
    // Without a citation title the page is not a paper page, whatever else it carries.
    extract: (doc, url) => (readMetaTags(doc).has('citation_title') ? generic.extract(doc, url) : []),
  };
}
