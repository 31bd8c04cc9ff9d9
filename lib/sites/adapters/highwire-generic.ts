import { readMetaTags } from '../page/meta-tags';
import { defineSinglePaperAdapter } from '../single-paper-adapter';
import type { SiteAdapter } from '../types';

/**
 * Any page with Highwire `citation_*` meta tags (journals, repositories): opt-in, because it needs
 * access to every site. It stays out of the way of the site adapters: a domain one of them covers
 * (with its subdomains: info.arxiv.org, discuss.huggingface.co) is never handled here, so a page gets
 * at most one adapter however the options are set.
 */
export function createHighwireAdapter(coveredPatterns: readonly string[]): SiteAdapter {
  const coveredDomains = [...new Set(coveredPatterns.map(domainOfPattern).filter((d) => d !== ''))];
  const covered = (host: string) => coveredDomains.some((d) => host === d || host.endsWith(`.${d}`));
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
    handles: (url) => !covered(url.hostname.toLowerCase()),
    // Every field comes from the citation tags, read first by every single-paper adapter.
    title: [],
    anchor: ['h1'],
    anchorOptional: true,
  });
  return {
    ...generic,
    // Without a citation title the page is not a paper page, whatever else it carries.
    extract: (doc, url) => (readMetaTags(doc).has('citation_title') ? generic.extract(doc, url) : []),
  };
}

/** `https://www.biorxiv.org/*` -> `biorxiv.org`. */
function domainOfPattern(pattern: string): string {
  const host = /^[a-z*]+:\/\/([^/:]*)/.exec(pattern)?.[1] ?? '';
  return host.replace(/^(?:\*\.|www\.)/, '').toLowerCase();
}
