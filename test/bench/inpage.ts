import type { BrowserContext, CDPSession } from 'playwright-core';
import { type FakePaper, installFakeArxiv, momentumFixture, syntheticPapers } from '../e2e/fake-arxiv';
import { ask, launchExtension } from '../e2e/harness';
import { arxivAbsPage } from '../fixtures/e2e/pages/arxiv-abs-page';
import { arxivListingPage } from '../fixtures/e2e/pages/arxiv-listing-page';
import { type FixturePaper, fixturePapers } from '../fixtures/e2e/pages/fixture-papers';

const DAY = 86_400_000;

/**
 * The in-page UI in real Chromium with the built extension and a warm index (about 7,000 papers over 12
 * weeks, backfilled from a fake arXiv, the listing's papers among them):
 * - abstract page: DOMContentLoaded -> first frame with chips in the host (median of 20 loads);
 * - 2000-entry listing: DOMContentLoaded -> every entry decorated (the session's `paperpulse:decorated`
 *   mark, checked against the DOM), the longest main-thread task (PerformanceObserver 'longtask'), and
 *   the JS heap and DOM nodes the decoration adds (after GC, against the same page on an undecorated host).
 */
export async function benchInpage(): Promise<Record<string, number | string>> {
  const end = Date.now() - 60 * 60_000;
  const T = (Math.floor(end / DAY) - 1) * DAY + DAY - 1;
  const listing = fixturePapers(2000, { startSeq: 40001 });
  const abs = fixturePapers(20, { startSeq: 70001 });
  const recent = [...listing, ...abs].map((p, i) => asFake(p, T - (i % 25) * DAY - 3_600_000));
  const ext = await launchExtension();
  try {
    await installFakeArxiv(ext.context, syntheticPapers(end, 84, 60, [...momentumFixture(T), ...recent]));
    await serve(ext.context, abs, listing);
    await ext.context.addInitScript({ content: PROBE });
    const status = await ext.context.newPage();
    await status.goto(ext.url('popup.html'));
    for (let i = 0; i < 400; i++) {
      const s = await ask<{ progress: number; running: boolean; papers: number }>(status, 'status.get');
      if (s.progress === 1 && !s.running && s.papers > 0) break;
      await status.waitForTimeout(500);
    }
    const indexed = (await ask<{ papers: number }>(status, 'status.get')).papers;
    await status.close();

    const page = await ext.context.newPage();
    await page.goto(`https://arxiv.org/abs/${abs[0]!.id}`); // wakes the worker; not counted
    await page.waitForFunction(chipsShown, undefined, { timeout: 30_000 });
    const absTimes: number[] = [];
    for (const paper of abs) {
      await page.goto(`https://arxiv.org/abs/${paper.id}`);
      await page.waitForFunction(chipsShown, undefined, { timeout: 30_000 });
      absTimes.push(
        await page.evaluate(
          () => (window as unknown as Probe).__pp.chipsAt! - (window as unknown as Probe).__pp.dcl!,
        ),
      );
    }

    const list = await measureListing(ext.context, 'https://arxiv.org/list/cs.AI/new');
    const baseline = await measureBaseline(ext.context, 'https://example.org/list/cs.AI/new');
    return {
      'papers in the index': indexed,
      'abstract page: DOMContentLoaded -> chips visible, median ms (20 loads)': round(median(absTimes)),
      'abstract page: same, slowest of 20 ms': round(Math.max(...absTimes)),
      'listing 2000: DOMContentLoaded -> every entry has chips, ms': round(list.decorated),
      'listing 2000: content script start -> decorated, ms': round(list.decorated - list.start),
      'listing 2000: phases read page (adapter) / insert hosts / wait for answer / draw chips, ms':
        list.phaseMs.map(round).join(' / '),
      'listing 2000: longest task in each phase, ms': list.phaseLongest.map(round).join(' / '),
      'listing 2000: longest task while decorating, ms': round(list.longestOurs),
      'listing 2000: long tasks (>50 ms) while decorating': list.longCountOurs,
      'listing 2000: longest task incl. page parse, ms': round(list.longestAll),
      'listing 2000: JS heap added, MB': round((list.heap - baseline.heap) / 1048576),
      'listing 2000: DOM nodes added (light DOM + shadow)': list.nodes - baseline.nodes,
    };
  } finally {
    await ext.close();
  }
}

interface Probe {
  __pp: { dcl?: number; chipsAt?: number; longtasks: { start: number; duration: number }[] };
}

/**
 * Runs in every page before its scripts: DOMContentLoaded time, long tasks, the first frame with chips.
 * Plain JavaScript text: a TypeScript function would be rewritten by tsx with helpers the page lacks.
 */
const PROBE = `(() => {
  const state = { longtasks: [] };
  window.__pp = state;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  document.addEventListener('DOMContentLoaded', () => {
    state.dcl = performance.now();
    // Only single-paper pages are watched frame by frame: checking one host costs nothing measurable.
    const tick = () => {
      const host = document.querySelector('paper-pulse');
      if (host && host.shadowRoot && host.shadowRoot.querySelector('[data-topic-id]')) state.chipsAt = performance.now();
      else if (performance.now() - state.dcl < 30000 && !document.querySelector('paper-pulse-bar')) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
})();`;

function chipsShown() {
  return (window as unknown as Probe).__pp?.chipsAt !== undefined;
}

async function measureListing(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(
    () => performance.getEntriesByName('paperpulse:decorated').length > 0,
    undefined,
    {
      timeout: 60_000,
    },
  );
  await page.waitForTimeout(1000); // let late long tasks (style, layout) land in the buffer
  // Raw readings only in the page (tsx would wrap named helpers in code the page does not have).
  const raw = await page.evaluate(() => ({
    dcl: (window as unknown as Probe).__pp.dcl!,
    longtasks: (window as unknown as Probe).__pp.longtasks,
    marks: Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
    withChips: [...document.querySelectorAll('paper-pulse')].filter((h) =>
      h.shadowRoot?.querySelector('[data-topic-id]'),
    ).length,
  }));
  const mark = (name: string) => raw.marks[`paperpulse:${name}`] ?? Number.NaN;
  const start = mark('start');
  const ours = raw.longtasks.filter((t) => t.start + t.duration >= start);
  // Each long task goes to the phase it ended in: the adapter reading the page, inserting hosts, waiting
  // for the background's answer, drawing the chips.
  const phases = [start, mark('extracted'), mark('inserted'), mark('answered'), mark('decorated')];
  const longestIn = (from: number, to: number) =>
    Math.max(
      0,
      ...ours.filter((t) => t.start + t.duration > from && t.start + t.duration <= to).map((t) => t.duration),
    );
  const result = {
    start: start - raw.dcl,
    decorated: mark('decorated') - raw.dcl,
    phaseMs: phases.slice(1).map((t, i) => t - phases[i]!),
    phaseLongest: phases.slice(1).map((t, i) => longestIn(phases[i]!, t)),
    withChips: raw.withChips,
    longestOurs: Math.max(0, ...ours.map((t) => t.duration)),
    longCountOurs: ours.length,
    longestAll: Math.max(0, ...raw.longtasks.map((t) => t.duration)),
  };
  if (result.withChips !== 2000) throw new Error(`only ${result.withChips} of 2000 entries got chips`);
  const memory = await heapAndNodes(await context.newCDPSession(page));
  await page.close();
  return { ...result, ...memory };
}

/** The same listing where the content script does not run: what the page costs without us. */
async function measureBaseline(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForTimeout(1500);
  const memory = await heapAndNodes(await context.newCDPSession(page));
  await page.close();
  return memory;
}

async function heapAndNodes(cdp: CDPSession): Promise<{ heap: number; nodes: number }> {
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { heap: get('JSHeapUsedSize'), nodes: get('Nodes') };
}

async function serve(context: BrowserContext, abs: FixturePaper[], listing: FixturePaper[]) {
  const byId = new Map(abs.map((p) => [p.id, p]));
  const listingHtml = arxivListingPage(listing, 'cs.AI');
  const html = (body: string) => ({ status: 200, contentType: 'text/html; charset=utf-8', body });
  await context.route('https://arxiv.org/**', (route) => {
    const path = new URL(route.request().url()).pathname;
    const paper = byId.get(path.replace(/^\/abs\//, ''));
    if (paper) return route.fulfill(html(arxivAbsPage(paper)));
    if (path === '/list/cs.AI/new') return route.fulfill(html(listingHtml));
    return route.fulfill({ status: 404, body: '' });
  });
  await context.route('https://example.org/**', (route) => route.fulfill(html(listingHtml)));
}

function asFake(p: FixturePaper, published: number): FakePaper {
  return {
    id: p.id,
    title: p.title,
    abstract: p.abstract,
    authors: p.authors,
    categories: p.categories,
    published,
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}
