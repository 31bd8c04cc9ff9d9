import { aclAnthologyAdapter } from './adapters/acl-anthology';
import { alphaxivAdapter } from './adapters/alphaxiv';
import { arxivAbsAdapter } from './adapters/arxiv-abs';
import { arxivHtmlAdapter } from './adapters/arxiv-html';
import { arxivListingAdapter } from './adapters/arxiv-listing';
import { arxivSearchAdapter } from './adapters/arxiv-search';
import { biorxivAdapter } from './adapters/biorxiv';
import { createHighwireAdapter } from './adapters/highwire-generic';
import { huggingfacePapersAdapter } from './adapters/huggingface-papers';
import { neuripsAdapter } from './adapters/neurips';
import { openreviewAdapter } from './adapters/openreview';
import { pmlrAdapter } from './adapters/pmlr';
import { semanticScholarAdapter } from './adapters/semantic-scholar';
import { matchesPattern } from './match-pattern';
import type { SiteAdapter } from './types';

/** The sites that work out of the box: their hosts are granted at install. */
const SITE_SPECIFIC: readonly SiteAdapter[] = [
  arxivAbsAdapter,
  arxivListingAdapter,
  arxivSearchAdapter,
  arxivHtmlAdapter,
  alphaxivAdapter,
  huggingfacePapersAdapter,
  openreviewAdapter,
  semanticScholarAdapter,
  aclAnthologyAdapter,
  pmlrAdapter,
  neuripsAdapter,
  biorxivAdapter,
];

/** Every adapter; the opt-in generic one last, and it never claims a host a site adapter covers. */
export const SITE_ADAPTERS: readonly SiteAdapter[] = [
  ...SITE_SPECIFIC,
  createHighwireAdapter(SITE_SPECIFIC.flatMap((a) => a.matches)),
];

/** The adapter for a page, or undefined when the page is not one PaperPulse decorates. */
export function findAdapter(
  url: string | URL,
  options: { includeOptIn?: boolean } = {},
): SiteAdapter | undefined {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return undefined;
  }
  return SITE_ADAPTERS.find(
    (adapter) =>
      (options.includeOptIn || !adapter.optIn) &&
      adapter.matches.some((p) => matchesPattern(p, parsed)) &&
      safeHandles(adapter, parsed),
  );
}

/**
 * A single-page-app site (its adapter says `spa`): the content script keeps listening there even where no
 * adapter matches the page yet (its list page, say), since a click may turn it into one that does.
 */
export function isSpaSite(url: URL): boolean {
  return SITE_ADAPTERS.some((a) => a.spa && a.matches.some((p) => matchesPattern(p, url)));
}

function safeHandles(adapter: SiteAdapter, url: URL): boolean {
  try {
    return adapter.handles(url);
  } catch {
    return false;
  }
}
