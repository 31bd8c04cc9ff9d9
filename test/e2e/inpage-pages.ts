import type { BrowserContext } from 'playwright-core';
import { arxivAbsPage } from '../fixtures/e2e/pages/arxiv-abs-page';
import { arxivListingPage } from '../fixtures/e2e/pages/arxiv-listing-page';
import { type FixturePaper, fixturePapers } from '../fixtures/e2e/pages/fixture-papers';
import { huggingfaceSpaPage } from '../fixtures/e2e/pages/huggingface-spa-page';

/** The pages the in-page e2e and bench browse, served from fixtures through `context.route`. */
export const ABS_PAPERS = fixturePapers(8);
export const LISTING_2000 = fixturePapers(2000, { hostile: true, startSeq: 40001 });
export const LISTING_SMALL = fixturePapers(24, { hostile: true, startSeq: 60001 });

export const URLS = {
  abs: (p: FixturePaper, hostileCss = false) =>
    `https://arxiv.org/abs/${p.id}${hostileCss ? '?hostile=1' : ''}`,
  listing2000: 'https://arxiv.org/list/cs.AI/new',
  listingSmall: 'https://arxiv.org/list/cs.LG/new',
  spa: (p: FixturePaper) => `https://huggingface.co/papers/${p.id}`,
  /** The same app with a clock re-rendering every 50 ms. */
  spaTicking: (p: FixturePaper) => `https://huggingface.co/papers/${p.id}?ticker=50`,
};

export async function servePages(context: BrowserContext): Promise<void> {
  const byId = new Map(ABS_PAPERS.map((p) => [p.id, p]));
  const html = (body: string) => ({ status: 200, contentType: 'text/html; charset=utf-8', body });
  await context.route('https://arxiv.org/**', (route) => {
    const url = new URL(route.request().url());
    const abs = /^\/abs\/(.+)$/.exec(url.pathname);
    const paper = abs ? byId.get(abs[1]!) : undefined;
    if (paper)
      return route.fulfill(html(arxivAbsPage(paper, { hostileCss: url.searchParams.has('hostile') })));
    if (url.pathname === '/list/cs.AI/new')
      return route.fulfill(html(arxivListingPage(LISTING_2000, 'cs.AI')));
    if (url.pathname === '/list/cs.LG/new')
      return route.fulfill(html(arxivListingPage(LISTING_SMALL, 'cs.LG')));
    return route.fulfill({ status: 404, body: 'not found' });
  });
  await context.route('https://huggingface.co/**', (route) => {
    const url = new URL(route.request().url());
    const id = url.pathname.split('/').pop() ?? '';
    const tickerMs = Number(url.searchParams.get('ticker')) || undefined;
    const [a, b] = [ABS_PAPERS[0]!, ABS_PAPERS[2]!];
    const [first, next] = id === b.id ? [b, a] : [a, b];
    return route.fulfill(html(huggingfaceSpaPage(first, next, tickerMs ? { tickerMs } : {})));
  });
}
