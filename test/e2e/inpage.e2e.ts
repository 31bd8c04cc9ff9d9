import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureClock, installFakeArxiv, momentumFixture, syntheticPapers } from './fake-arxiv';
import { ask, type Extension, launchExtension, PopupPage, saveScreenshot } from './harness';
import { ABS_PAPERS, LISTING_2000, LISTING_SMALL, servePages, URLS } from './inpage-pages';

/** Collects layout shifts in every page (plain JS text, run before the page's own scripts). */
const LAYOUT_SHIFTS = `window.__shifts = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__shifts.push({ at: e.startTime, value: e.value });
  }).observe({ type: 'layout-shift', buffered: true });
} catch (e) {}`;
const TRENDS = ['rising', 'cooling', 'steady', 'new', 'unknown'];

/** Listing entries (dd) in the viewport, and how many of them have no host with a drawn row yet. */
function undecoratedInView(page: Page) {
  return page.evaluate(() => {
    const inView = [...document.querySelectorAll('dd')].filter((dd) => {
      const r = dd.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight && r.height > 0;
    });
    const undecorated = inView.filter(
      (dd) => !dd.querySelector('paper-pulse')?.shadowRoot?.querySelector('[data-state="ready"]'),
    );
    return { inView: inView.length, undecorated: undecorated.length };
  });
}

/** Counts from the page: hosts, hosts with chips, hosts whose shadow root holds markup from a title. */
function hostStats(page: Page) {
  return page.evaluate(() => {
    const hosts = [...document.querySelectorAll('paper-pulse')];
    return {
      hosts: hosts.length,
      withChips: hosts.filter((h) => h.shadowRoot?.querySelector('[data-topic-id]')).length,
      ids: new Set(hosts.map((h) => h.getAttribute('data-arxiv-id'))).size,
      injected: hosts.filter((h) => h.shadowRoot?.querySelector('img, script')).length,
    };
  });
}

describe('chips and momentum badges on pages, in Chromium', () => {
  let ext: Extension;
  let release!: () => void;
  const { end, T } = fixtureClock();

  beforeAll(async () => {
    ext = await launchExtension();
    await installFakeArxiv(ext.context, syntheticPapers(end, 84, 4, momentumFixture(T)));
    // Hold arXiv back until the first test has seen the "index filling" state; later routes win.
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await ext.context.route('https://export.arxiv.org/**', async (route) => {
      await gate;
      await route.fallback();
    });
    await servePages(ext.context);
    await ext.context.addInitScript({ content: LAYOUT_SHIFTS });
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('while the index fills, shows topics from the page text and says momentum is not known yet', async () => {
    const page = await ext.context.newPage();
    await page.goto(URLS.abs(ABS_PAPERS[0]!));
    const chip = page.locator('paper-pulse [data-topic-id="agentic-rl"]');
    await chip.waitFor();
    const badge = chip.locator('[data-momentum]');
    expect(await badge.getAttribute('data-momentum')).toBe('unknown');
    // Unknown: no percentage on the badge (DESIGN.md); the filling progress is in its label.
    expect(await badge.textContent()).toBe('index filling');
    expect(await badge.getAttribute('aria-label')).toMatch(/the index is filling \(\d+%\)$/);
    await page.close();
    release();
  });

  it('decorates an abstract page with the contract: one host, open shadow root, chips with name and badge', async () => {
    const popup = await PopupPage.open(ext);
    await expect
      .poll(
        () => ask<{ running: boolean; progress: number; cutoff: number | null }>(popup.page, 'status.get'),
        {
          timeout: 80_000,
          interval: 1000,
        },
      )
      .toMatchObject({ running: false, progress: 1, cutoff: T });
    const paper = ABS_PAPERS[0]!;
    const page = await ext.context.newPage();
    await page.goto(URLS.abs(paper));
    await page.locator('paper-pulse [data-topic-id]').first().waitFor();
    const host = page.locator('paper-pulse');
    expect(await host.count()).toBe(1);
    expect(await host.getAttribute('data-arxiv-id')).toBe(paper.id);
    expect(await host.evaluate((h) => h.shadowRoot?.mode)).toBe('open');
    expect(await host.evaluate((h) => h.previousElementSibling?.matches('h1.title'))).toBe(true);

    const summary = await ask<{ summary: { name: string } }>(popup.page, 'topic.get', { id: 'agentic-rl' });
    const chip = page.locator('paper-pulse [data-topic-id="agentic-rl"]');
    expect((await chip.textContent())!.startsWith(summary.summary.name)).toBe(true);
    expect(await chip.locator('[data-momentum]').getAttribute('data-momentum')).toBe('rising');
    expect(await chip.locator('[data-momentum]').textContent()).toBe('+300%');
    const trends = await page
      .locator('paper-pulse [data-momentum]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-momentum')));
    expect(trends.every((t) => TRENDS.includes(t!))).toBe(true);
    // Fine topics first, arXiv categories after.
    const ids = await page
      .locator('paper-pulse [data-topic-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-topic-id')!));
    const firstCategory = ids.findIndex((id) => /^[a-z-]+\.[A-Za-z-]+$/.test(id));
    expect(firstCategory).toBeGreaterThan(0);
    expect(ids.slice(firstCategory).every((id) => /^[a-z-]+(\.[A-Za-z-]+)?$/.test(id))).toBe(true);

    await chip.hover();
    const card = page.locator('paper-pulse [role="dialog"]');
    await card.waitFor();
    expect(await card.locator('[data-momentum-sentence]').textContent()).toMatch(
      /^28 papers in the last four weeks, up 300% on the four weeks before\. [\d.<]+% of all new papers in cs\.AI, cs\.LG, cs\.CL(, [\d.<]+% before)?\.$/,
    );
    expect(await card.locator('svg[role="img"] rect[data-week]').count()).toBe(12);
    expect(await card.locator('[data-evidence]').textContent()).toMatch(/in the (title|abstract)/);
    await page.waitForTimeout(300); // the card's fade-in
    await saveScreenshot(page, 'inpage-abstract-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await chip.hover();
    await card.waitFor();
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'inpage-abstract-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // This paper has eleven fine topics (the learned layer adds GRPO, RLVR, policy optimization and LLMs to the
    // rules' seven): the confident most specific ones show; the parents they imply (Reinforcement Learning, LLM
    // Agents) and the weak ones wait behind "+N" until asked (issue 34, item 3).
    expect(ids.slice(0, firstCategory)).toEqual([
      'agentic-rl',
      'rl-for-language-models',
      'llm-tool-use',
      'policy-optimization',
    ]);
    const more = page.locator('paper-pulse .pp-more');
    expect(await more.textContent()).toBe('+7');
    // The hovered chip's card may lie over "+N": the reader moves away first.
    await page.mouse.move(0, 0);
    await expect.poll(() => card.isVisible()).toBe(false);
    await more.click();
    await expect.poll(() => page.locator('paper-pulse [data-topic-id]').count()).toBe(ids.length + 7);
    await page.close();
  });

  it('follows a topic from its chip, and the popup lists it', async () => {
    const page = await ext.context.newPage();
    await page.goto(URLS.abs(ABS_PAPERS[0]!));
    const chip = page.locator('paper-pulse [data-topic-id="agentic-rl"]');
    await chip.focus(); // keyboard focus opens the card too
    const follow = page.locator('paper-pulse [role="dialog"] [data-action="follow"]');
    expect(await follow.textContent()).toBe('Follow');
    await follow.click();
    await expect.poll(() => follow.textContent()).toBe('Unfollow');
    expect(await chip.getAttribute('data-followed')).toBe('');

    const popup = await PopupPage.open(ext);
    const follows = await ask<{ follows: { id: string }[] }>(popup.page, 'follows.list');
    expect(follows.follows.map((f) => f.id)).toContain('agentic-rl');
    await popup.page.locator('[data-followed-topic-id="agentic-rl"]').waitFor({ timeout: 10_000 });

    // The card's "Topic page" link opens the extension's topic page (through the background).
    await chip.focus();
    const opened = ext.context.waitForEvent('page');
    await page.locator('paper-pulse [role="dialog"] a', { hasText: 'Topic page' }).click();
    const topicPage = await opened;
    await topicPage.waitForLoadState();
    expect(topicPage.url()).toBe(ext.url('topic.html?id=agentic-rl'));
    await expect.poll(() => topicPage.locator('h1').textContent()).toMatch(/^Agentic RL/);
    await page.close();
  });

  it('keeps the page’s styles out of the shadow root', async () => {
    const page = await ext.context.newPage();
    await page.goto(URLS.abs(ABS_PAPERS[1]!, true));
    const chip = page.locator('paper-pulse [data-topic-id]').first();
    await chip.waitFor();
    const style = await chip.evaluate((el) => {
      const s = getComputedStyle(el);
      return { color: s.color, font: s.fontFamily, background: s.backgroundColor };
    });
    expect(style.color).not.toBe('rgb(255, 0, 0)');
    expect(style.font).not.toMatch(/^serif/);
    expect(style.background).not.toBe('rgb(0, 255, 0)');
    await page.close();
  });

  it('puts compact chips on every entry of a 2000-entry listing as it comes near, and filters it all', async () => {
    const page = await ext.context.newPage();
    await page.goto(URLS.listing2000);
    // The entries in view get their chips; the rest wait until the reader scrolls near them (DESIGN.md).
    await expect
      .poll(() => undecoratedInView(page), { timeout: 30_000, interval: 250 })
      .toEqual({ inView: expect.any(Number), undecorated: 0 });
    const first = await hostStats(page);
    expect(first.hosts).toBeGreaterThan(0);
    expect(first.hosts).toBeLessThan(2000);
    // Scrolled through a screen every five frames, in the page (a check per screen from here would take
    // minutes): the entries in view without chips are counted before each next screen, and every entry
    // of the listing must have been in view on some screen.
    const scrolled = await page.evaluate(`new Promise((resolve) => {
      let undecorated = 0;
      let screens = 0;
      const seen = new Set();
      const frames = (n, then) => (n === 0 ? then() : requestAnimationFrame(() => frames(n - 1, then)));
      const step = () => {
        for (const dd of document.querySelectorAll('dd')) {
          const r = dd.getBoundingClientRect();
          if (r.bottom <= 0 || r.top >= window.innerHeight || r.height === 0) continue;
          seen.add(dd);
          const host = dd.querySelector('paper-pulse');
          if (!host || !host.shadowRoot || !host.shadowRoot.querySelector('[data-state="ready"]')) undecorated++;
        }
        screens++;
        const before = window.scrollY;
        window.scrollBy(0, window.innerHeight);
        if (window.scrollY > before) frames(5, step);
        else resolve({ undecorated, seen: seen.size, screens });
      };
      step();
    })`);
    expect(scrolled).toEqual({ undecorated: 0, seen: 2000, screens: expect.any(Number) });
    expect((scrolled as { screens: number }).screens).toBeGreaterThan(10);
    expect(await hostStats(page)).toEqual({ hosts: 2000, withChips: 2000, ids: 2000, injected: 0 });
    await page.evaluate(() => window.scrollTo(0, 0));
    // Heights were reserved with the hosts: once they are in, chips arriving move nothing on the page.
    const shiftAfterInsert = await page.evaluate(() => {
      const inserted = performance.getEntriesByName('paperpulse:inserted')[0]!.startTime;
      const shifts = (window as unknown as { __shifts: { at: number; value: number }[] }).__shifts;
      return shifts.filter((s) => s.at > inserted).reduce((sum, s) => sum + s.value, 0);
    });
    // (A row moving would score ~0.02 here; counts filling in inside the bar score ~1e-5 at most.)
    expect(shiftAfterInsert).toBeLessThan(0.001);
    const bar = page.locator('paper-pulse-bar');
    expect(await bar.count()).toBe(1);
    const followed = bar.locator('[data-filter="followed"]');
    const count = Number(await followed.getAttribute('data-count'));
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(2000);
    expect(await page.locator('dd[data-paperpulse-followed]').count()).toBe(count);

    await followed.click();
    const visible = () =>
      page
        .locator('dd')
        .evaluateAll((dds) => dds.filter((d) => getComputedStyle(d).display !== 'none').length);
    expect(await visible()).toBe(count);
    expect(
      await page
        .locator('dt')
        .evaluateAll((dts) => dts.filter((d) => getComputedStyle(d).display !== 'none').length),
    ).toBe(count);
    await bar.locator('[data-filter="all"]').click();
    expect(await visible()).toBe(2000);

    // Hostile markup in titles stayed text on the page and in what we drew.
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('dd .list-title img, dd .list-title script').count()).toBe(0);
    const hostile = LISTING_2000.find((p) => p.title.startsWith('<img'))!;
    expect(
      await page.locator(`dd:has(paper-pulse[data-arxiv-id="${hostile.id}"]) .list-title`).textContent(),
    ).toContain('<img src=x');
    await page.close();
  }, 180_000);

  it('saves screenshots of a decorated listing, light and dark', async () => {
    const page = await ext.context.newPage();
    await page.goto(URLS.listingSmall);
    await expect.poll(() => hostStats(page).then((s) => s.withChips)).toBe(LISTING_SMALL.length);
    // A listing row is one contained line; its card still opens whole, over the entries below.
    await page.locator('paper-pulse [data-topic-id]').first().hover();
    const card = page.locator('paper-pulse [role="dialog"]');
    await card.waitFor();
    // The listing was answered without evidence; the card asks the background for this paper's.
    await expect
      .poll(() => card.locator('[data-evidence]').textContent())
      .toMatch(/in the (title|abstract)|listed in/);
    await page.waitForTimeout(300);
    expect((await card.boundingBox())!.height).toBeGreaterThan(150);
    // A full-page capture shows only what is in the viewport as it was laid out: the viewport is made as
    // tall as the page, as a reader scrolling would see every row.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 1200, height });
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'inpage-listing-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, 'inpage-listing-dark');
    await page.close();
  });

  it('clicking "+N" shows the other chips and opens no card under the still pointer', async () => {
    const page = await ext.context.newPage();
    await page.goto(URLS.abs(ABS_PAPERS[0]!));
    const more = page.locator('paper-pulse .pp-more');
    await more.waitFor();
    const before = await page.locator('paper-pulse [data-topic-id]').count();
    await more.click();
    await expect.poll(() => page.locator('paper-pulse [data-topic-id]').count()).toBeGreaterThan(before);
    // Longer than the card's open delay: a chip now under the pointer must not have opened its card.
    await page.waitForTimeout(600);
    expect(await page.locator('paper-pulse [role="dialog"]').count()).toBe(0);
    await page.close();
  });

  it('turns its chips dark when the page turns dark after load, and light again', async () => {
    const page = await ext.context.newPage();
    await page.goto(URLS.abs(ABS_PAPERS[0]!));
    const host = page.locator('paper-pulse');
    const chip = page.locator('paper-pulse [data-topic-id]').first();
    await chip.waitFor();
    expect(await host.getAttribute('data-pp-scheme')).toBe('light');
    const colour = () => chip.evaluate((el) => getComputedStyle(el).color);
    const light = await colour();
    // The page's own theme switch, as a site's dark-mode toggle does it.
    await page.evaluate(() => {
      document.body.style.background = '#121212';
      document.body.style.color = '#e8e8e8';
    });
    await expect.poll(() => host.getAttribute('data-pp-scheme')).toBe('dark');
    expect(await colour()).not.toBe(light);
    await page.evaluate(() => {
      document.body.style.background = '#ffffff';
      document.body.style.color = '#111111';
    });
    await expect.poll(() => host.getAttribute('data-pp-scheme')).toBe('light');
    expect(await colour()).toBe(light);
    await page.close();
  });

  it('follows a single-page app: navigating client side moves the UI to the new paper, once', async () => {
    const [a, b] = [ABS_PAPERS[0]!, ABS_PAPERS[2]!];
    const page = await ext.context.newPage();
    await page.goto(URLS.spa(a));
    await page.locator(`paper-pulse[data-arxiv-id="${a.id}"] [data-topic-id]`).first().waitFor();
    await page.click('a.next-paper');
    await page.locator(`paper-pulse[data-arxiv-id="${b.id}"] [data-topic-id]`).first().waitFor();
    await expect.poll(() => hostStats(page)).toMatchObject({ hosts: 1, withChips: 1 });
    expect(page.url()).toBe(URLS.spa(b));
    await page.close();
  });
});
