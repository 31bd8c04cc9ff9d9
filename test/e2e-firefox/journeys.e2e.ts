import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARXIV_SPACING_MS } from '../../lib/arxiv/rate-limiter';
import { answerQuery, fixtureClock, momentumFixture, syntheticPapers } from '../e2e/fake-arxiv';
import { ABS_PAPERS, LISTING_SMALL, URLS } from '../e2e/inpage-pages';
import { arxivAbsPage } from '../fixtures/e2e/pages/arxiv-abs-page';
import { arxivListingPage } from '../fixtures/e2e/pages/arxiv-listing-page';
import type { FakeResponse } from './fake-web';
import { ask, FIREFOX_BUILDS, type FirefoxExtension, launchFirefox, waitForDocument } from './harness';

/** What openreview.net serves a browser it has not verified yet (see the fixture's comment). */
const BOT_WALL = readFileSync('test/fixtures/sites/openreview-bot-wall.html', 'utf8');
const HTML = 'text/html; charset=utf-8';
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Hosts, hosts with chips and distinct ids drawn on a page (shadow roots are open). */
function hostStats(page: Page) {
  return page.evaluate(() => {
    const hosts = [...document.querySelectorAll('paper-pulse')];
    return {
      hosts: hosts.length,
      withChips: hosts.filter((h) => h.shadowRoot?.querySelector('[data-topic-id]')).length,
      ids: new Set(hosts.map((h) => h.getAttribute('data-arxiv-id'))).size,
    };
  });
}

/** The tab `action` has the browser open (the background opens extension pages for web pages). */
async function pageOpenedBy(ff: FirefoxExtension, action: () => Promise<unknown>): Promise<Page> {
  const before = new Set(await ff.browser.pages());
  await action();
  let opened: Page | undefined;
  await expect
    .poll(
      async () => {
        opened = (await ff.browser.pages()).find((p) => !before.has(p));
        return opened !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return opened!;
}

describe.each(FIREFOX_BUILDS)('the core journeys in Firefox ESR, %s build', (build) => {
  let ff: FirefoxExtension;
  const { end, T } = fixtureClock();
  const papers = syntheticPapers(end, 84, 4, momentumFixture(T));
  const absById = new Map(ABS_PAPERS.map((p) => [p.id, p]));

  function respond(url: URL): FakeResponse | undefined {
    if (url.host === 'export.arxiv.org' && url.pathname === '/api/query')
      return { type: 'application/atom+xml', body: answerQuery(papers, url) };
    if (url.host === 'openreview.net' && url.pathname === '/forum') return { type: HTML, body: BOT_WALL };
    if (url.host !== 'arxiv.org') return undefined;
    const abs = absById.get(url.pathname.replace(/^\/abs\//, ''));
    if (abs) return { type: HTML, body: arxivAbsPage(abs) };
    if (url.pathname === '/list/cs.LG/new')
      return { type: HTML, body: arxivListingPage(LISTING_SMALL, 'cs.LG') };
    return undefined;
  }

  beforeAll(async () => {
    ff = await launchFirefox(build, respond);
  });
  afterAll(async () => {
    await ff?.close();
  });

  it('fills the index from the served arXiv API, from the background page, spacing its requests', async () => {
    const popup = await ff.openExtensionPage('popup.html');
    await expect
      .poll(() => ask<{ running: boolean; progress: number; cutoff: number | null }>(popup, 'status.get'), {
        timeout: 80_000,
        interval: 1000,
      })
      .toMatchObject({ running: false, progress: 1, cutoff: T });
    const status = await ask<{ papers: number }>(popup, 'status.get');
    expect(status.papers).toBe(papers.length);
    const api = ff.web.requests.filter((r) => r.url.startsWith('https://export.arxiv.org/'));
    expect(api.length).toBeGreaterThanOrEqual(3);
    expect(api.every((r) => r.url.startsWith('https://export.arxiv.org/api/query?'))).toBe(true);
    // Arrival times at the proxy, which runs in this test's own Node process: on a loaded machine (load
    // average 14 on 2 cores) it noted one arrival 0.6 s late, so one gap read 2.5 s. Each gap is well over
    // what no spacing gives (~0.1 s), and all of them together are the extension's 3.1 s each, less one
    // late arrival's second at most.
    for (let i = 1; i < api.length; i++) expect(api[i]!.at - api[i - 1]!.at).toBeGreaterThan(2000);
    expect(api.at(-1)!.at - api[0]!.at).toBeGreaterThan((api.length - 1) * ARXIV_SPACING_MS - 1000);
    await popup.close();
  });

  it('draws chips with momentum on an arXiv abstract page', async () => {
    const paper = ABS_PAPERS[0]!;
    const page = await ff.browser.newPage();
    await page.goto(URLS.abs(paper));
    const chip = await page.waitForSelector('paper-pulse >>> [data-topic-id="agentic-rl"]', {
      timeout: 20_000,
    });
    expect(await page.$$eval('paper-pulse', (hosts) => hosts.length)).toBe(1);
    const host = await page.$eval('paper-pulse', (h) => ({
      id: h.getAttribute('data-arxiv-id'),
      mode: h.shadowRoot?.mode,
      afterTitle: h.previousElementSibling?.matches('h1.title') ?? false,
    }));
    expect(host).toEqual({ id: paper.id, mode: 'open', afterTitle: true });
    expect(await chip!.evaluate((c) => c.textContent)).toMatch(/^Agentic RL/);
    const badge = await chip!.$('[data-momentum]');
    expect(await badge!.evaluate((b) => [b.getAttribute('data-momentum'), b.textContent])).toEqual([
      'rising',
      '+300%',
    ]);
    await page.close();
  });

  it('decorates every entry of an arXiv listing', async () => {
    const page = await ff.browser.newPage();
    await page.goto(URLS.listingSmall);
    await expect
      .poll(() => hostStats(page), { timeout: 30_000, interval: 250 })
      .toEqual({ hosts: LISTING_SMALL.length, withChips: LISTING_SMALL.length, ids: LISTING_SMALL.length });
    await page.close();
  });

  it('follows a topic on a real (trusted) click in the chip’s card, and opens its topic page from there', async () => {
    const popup = await ff.openExtensionPage('popup.html');
    expect((await ask<{ follows: { id: string }[] }>(popup, 'follows.list')).follows).toEqual([]);
    const page = await ff.browser.newPage();
    await page.goto(URLS.abs(ABS_PAPERS[0]!));
    const chip = await page.waitForSelector('paper-pulse >>> [data-topic-id="agentic-rl"]', {
      timeout: 20_000,
    });
    await chip!.focus(); // keyboard focus opens the card
    const follow = await page.waitForSelector('paper-pulse >>> [role="dialog"] [data-action="follow"]');
    expect(await follow!.evaluate((b) => b.textContent)).toBe('Follow');
    // The page's own script clicking the button (an untrusted event) follows nothing.
    await follow!.evaluate((b) => (b as HTMLElement).click());
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await ask<{ follows: { id: string }[] }>(popup, 'follows.list')).follows).toEqual([]);
    expect(await follow!.evaluate((b) => b.textContent)).toBe('Follow');
    await follow!.click(); // input.performActions: a trusted click
    await expect.poll(() => follow!.evaluate((b) => b.textContent)).toBe('Unfollow');
    const follows = await ask<{ follows: { id: string }[] }>(popup, 'follows.list');
    expect(follows.follows.map((f) => f.id)).toEqual(['agentic-rl']);

    // The card's "Topic page" link has the background open the topic page in a new tab.
    const link = await page.waitForSelector('paper-pulse >>> [role="dialog"] ::-p-text(Topic page)');
    const opened = await pageOpenedBy(ff, () => link!.click());
    await waitForDocument(opened, ff.url('topic.html?id=agentic-rl'));
    await expect.poll(() => opened.$eval('h1', (h) => h.textContent)).toMatch(/^Agentic RL/);
    await page.close();
    await popup.close();
  });

  it('picks listing papers as examples on real clicks, and opens "Learn a topic from papers" with them', async () => {
    const page = await ff.browser.newPage();
    await page.goto(URLS.listingSmall);
    const picked = LISTING_SMALL.slice(0, 2).map((p) => p.id);
    for (const id of picked) {
      const chip = await page.waitForSelector(`paper-pulse[data-arxiv-id="${id}"] >>> [data-topic-id]`, {
        timeout: 20_000,
      });
      await chip!.focus(); // keyboard focus opens the card
      const example = await page.waitForSelector(
        `paper-pulse[data-arxiv-id="${id}"] >>> [role="dialog"] [data-action="example"]`,
      );
      // The page's own script clicking it (an untrusted event) picks nothing.
      await example!.evaluate((b) => (b as HTMLElement).click());
      expect(await example!.evaluate((b) => b.getAttribute('aria-pressed'))).toBe('false');
      await example!.click();
      await expect.poll(() => example!.evaluate((b) => b.getAttribute('aria-pressed'))).toBe('true');
    }
    const learn = await page.waitForSelector('[data-pp-bar] >>> [data-learn-examples] [data-action="learn"]');
    expect(await learn!.evaluate((b) => b.textContent)).toBe('Learn a topic from these 2 papers');
    const opened = await pageOpenedBy(ff, () => learn!.click());
    await waitForDocument(opened, ff.url(`options.html?learn=${picked.join(',')}#learn-topic`));
    await opened.close();
    await page.close();
  });

  it('opens the popup and the topic page by their moz-extension:// URLs', async () => {
    const popup = await ff.openExtensionPage('popup.html');
    const row = await popup.waitForSelector('[data-followed-topic-id="agentic-rl"] [data-new-count]');
    expect(Number(await row!.evaluate((e) => e.textContent))).toBeGreaterThanOrEqual(0);
    const topic = await ff.openExtensionPage('topic.html?id=agentic-rl');
    await expect.poll(() => topic.$eval('h1', (h) => h.textContent)).toMatch(/^Agentic RL/);
    await expect
      .poll(() => topic.$eval('[data-momentum-sentence]', (e) => e.textContent).catch(() => ''))
      .toMatch(/^28 papers in the last four weeks, up 300% on the four weeks before/);
    await popup.close();
    await topic.close();
  });

  it('does nothing on OpenReview’s bot wall: no paper, no UI, no error', async () => {
    const page = await ff.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('https://openreview.net/forum?id=AbCdEfGhIj');
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    // OpenReview is a single-page site: the content script keeps watching; give it time to (not) act.
    await new Promise((r) => setTimeout(r, 3000));
    expect(await page.$$('paper-pulse, paper-pulse-bar')).toHaveLength(0);
    expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBe(elements);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Verifying your browser');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has no serious or critical axe violations in the chips and open card, on a white page in a dark OS', async () => {
    const page = await ff.browser.newPage();
    await page.goto(URLS.abs(ABS_PAPERS[0]!));
    // The harness sets a dark OS theme; arXiv's page stays white.
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    const chip = await page.waitForSelector('paper-pulse >>> [data-topic-id="agentic-rl"]', {
      timeout: 20_000,
    });
    await chip!.focus(); // opens the card
    await page.waitForSelector('paper-pulse >>> [role="dialog"] [data-momentum-sentence]');
    await new Promise((r) => setTimeout(r, 300)); // the card's fade-in
    await page.evaluate(AXE_SOURCE);
    const serious = await page.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResult> } }).axe;
      const result = await axe.run({ include: ['paper-pulse'] }, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.failureSummary).join(' | ')}`);
    });
    expect(serious).toEqual([]);
    await page.close();
  });
});

type AxeResult = {
  violations: { id: string; impact: string | null; nodes: { failureSummary?: string }[] }[];
};
