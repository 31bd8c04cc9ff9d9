import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Paper } from '@/lib/paper';
import { type FakePaper, installFakeArxiv, momentumFixture, syntheticPapers } from '../e2e/fake-arxiv';
import { ask, EXTENSION_DIR, type Extension, launchExtension, launchWith } from '../e2e/harness';
import { arxivAbsPage } from '../fixtures/e2e/pages/arxiv-abs-page';
import { arxivListingPage } from '../fixtures/e2e/pages/arxiv-listing-page';
import { type FixturePaper, fixturePapers } from '../fixtures/e2e/pages/fixture-papers';
import { corpusMissing, corpusPapers } from './real-corpus';

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
  // PP_BENCH_PROFILE=/tmp/dir: keep the browser profile (and its warm index) there between runs (launchKept).
  const keep = process.env.PP_BENCH_PROFILE;
  const { ext, abs, indexed, source } = await startWarmExtension(keep ? () => launchKept(keep) : undefined);
  try {
    const page = await ext.context.newPage();
    await loadAndWait(page, `https://arxiv.org/abs/${abs[0]!.id}`, 'chips'); // wakes the worker; not counted
    const absTimes: number[] = [];
    for (const paper of abs) {
      await loadAndWait(page, `https://arxiv.org/abs/${paper.id}`, 'chips');
      absTimes.push(
        await page.evaluate(
          () => (window as unknown as Probe).__pp.chipsAt! - (window as unknown as Probe).__pp.dcl!,
        ),
      );
    }

    const list = await measureListing(ext.context, 'https://arxiv.org/list/cs.AI/new');
    const baseline = await measureBaseline(ext.context, 'https://example.org/list/cs.AI/new');
    const ratio = (x: number) =>
      list.pageParse > 0 ? `${round(x)} (x${round(x / list.pageParse)} the page's own parse task)` : round(x);
    return {
      papers: source,
      'papers in the index': indexed,
      "baseline: the listing page's own longest task (HTML parse), ms": round(list.pageParse),
      'abstract page: DOMContentLoaded -> chips visible, median ms (20 loads)': round(median(absTimes)),
      'abstract page: same, slowest of 20 ms': round(Math.max(...absTimes)),
      'listing 2000: DOMContentLoaded -> chips on the entries in view, ms': ratio(list.firstDrawn),
      'listing 2000: DOMContentLoaded -> every answer in and the rows near the viewport drawn, ms': ratio(
        list.decorated,
      ),
      'listing 2000: rows drawn by then (those near the viewport)': list.drawn,
      'listing 2000: scrolled through a screen per two frames: entries seen in view without chips (of all seen in view)': `${list.scroll.bare} (in ${list.scroll.steps} screens)`,
      'listing 2000: while scrolling (the bench reading every entry box each frame): long animation frames (>50 ms) / longest ms': `${list.scroll.frames} / ${round(list.scroll.longestFrame)}`,
      'listing 2000: while scrolling as a reader does (nothing read by the bench), decorated / undecorated: long animation frames (>50 ms), longest ms, long tasks': `${list.reader.frames}, ${round(list.reader.longestFrame)}, ${list.reader.count} / ${baseline.reader.frames}, ${round(baseline.reader.longestFrame)}, ${baseline.reader.count}`,
      'listing 2000: content script start -> decorated, ms': round(list.decorated - list.start),
      'listing 2000: phases read page (adapter) / insert hosts / answers and drawing / last draws, ms':
        list.phaseMs.map(round).join(' / '),
      'listing 2000: longest task in each phase, ms': list.phaseLongest.map(round).join(' / '),
      'listing 2000: longest task while decorating, ms': ratio(list.longestOurs),
      'listing 2000: long tasks (>50 ms) while decorating': list.longCountOurs,
      'listing 2000: long tasks while decorating, ms (phase)': list.longList,
      'listing 2000: longest task incl. page parse, ms': round(list.longestAll),
      'listing 2000: long animation frames (task + rendering, >50 ms) while decorating: count / longest ms': `${list.longFrames} / ${round(list.longestFrame)}`,
      'listing 2000: longest animation frames while decorating, ms': list.frameList,
      'listing 2000: scrolling it all a screen a frame, decorated / undecorated, longest task ms (long tasks)': `${round(list.scroll.longest)} (${list.scroll.count}) / ${round(baseline.scroll.longest)} (${baseline.scroll.count})`,
      'listing 2000: JS heap added, MB': round((list.heap - baseline.heap) / 1048576),
      'listing 2000: DOM nodes added (light DOM + shadow)': list.nodes - baseline.nodes,
    };
  } finally {
    await ext.close();
  }
}

/**
 * The built extension in Chromium with a warm index, the bench pages served and the probe installed in every
 * page. With the real corpus: its last 12 weeks of cs.AI/LG/CL (about 7,800 real papers, dates moved to end
 * now) backfilled from a fake arXiv, the listing = its 2000 newest papers, the abstract pages 20 more. Without
 * it: ~7,000 synthetic papers and made-up listing papers. test/bench/inpage-trace.ts profiles the same setup.
 */
export async function startWarmExtension(launch: () => Promise<Extension> = () => launchExtension()) {
  const { served, listing, abs, source } = warmData();
  const ext = await launch();
  try {
    await installFakeArxiv(ext.context, served);
    await serve(ext.context, abs, listing);
    await ext.context.addInitScript({ content: PROBE });
    const status = await ext.context.newPage();
    await status.goto(ext.url('popup.html'));
    for (let i = 0; i < 600; i++) {
      const s = await ask<{ progress: number; running: boolean; papers: number }>(status, 'status.get');
      if (s.progress === 1 && !s.running && s.papers > 0) break;
      await status.waitForTimeout(500);
    }
    const indexed = (await ask<{ papers: number }>(status, 'status.get')).papers;
    await status.close();
    return { ext, abs, listing, indexed, source };
  } catch (error) {
    await ext.close();
    throw error;
  }
}

function warmData() {
  const end = Date.now() - 60 * 60_000;
  const missing = corpusMissing();
  if (!missing) {
    const real = corpusPapers({ weeks: 12, end }).sort((a, b) => b.published - a.published);
    const asFixture = (p: Paper): FixturePaper => ({
      ...p,
      published: new Date(p.published).toISOString().slice(0, 10),
    });
    return {
      served: real.map((p) => ({ ...p })),
      listing: real.slice(0, 2000).map(asFixture),
      abs: real.slice(2000, 2020).map(asFixture),
      source: `real corpus: last 12 weeks of cs.AI/LG/CL (${real.length} papers), listing = its 2000 newest`,
    };
  }
  const T = (Math.floor(end / DAY) - 1) * DAY + DAY - 1;
  const listing = fixturePapers(2000, { startSeq: 40001 });
  const abs = fixturePapers(20, { startSeq: 70001 });
  const recent = [...listing, ...abs].map((p, i) => asFake(p, T - (i % 25) * DAY - 3_600_000));
  return {
    served: syntheticPapers(end, 84, 60, [...momentumFixture(T), ...recent]),
    listing,
    abs,
    source: `synthetic papers (${missing})`,
  };
}

/** Like the e2e harness's launch, but in a kept profile with the build at a fixed path. */
export async function launchKept(dir: string): Promise<Extension> {
  const extension = join(dir, 'extension');
  rmSync(extension, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(EXTENSION_DIR, extension, { recursive: true });
  const { context, worker, id } = await launchWith(join(dir, 'user-data'), extension);
  if (existsSync(join(dir, 'id')) === false) writeFileSync(join(dir, 'id'), id);
  return {
    context,
    profile: join(dir, 'user-data'),
    worker,
    id,
    url: (path) => `chrome-extension://${id}/${path.replace(/^\//, '')}`,
    close: () => context.close(),
  };
}

export interface Probe {
  __pp: {
    dcl?: number;
    chipsAt?: number;
    longtasks: { start: number; duration: number }[];
    /** Long animation frames: a task and the rendering it led to, together (the 'longtask' entries leave rendering out). */
    frames: { start: number; duration: number }[];
  };
}

/**
 * Runs in every page before its scripts: DOMContentLoaded time, long tasks, the first frame with chips.
 * Plain JavaScript text: a TypeScript function would be rewritten by tsx with helpers the page lacks.
 */
export const PROBE = `(() => {
  const state = { longtasks: [], frames: [] };
  window.__pp = state;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.frames.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (e) {}
  // The bench learns of progress from the console, so it never evaluates script in the page (Playwright's
  // first evaluation injects a 50-80 ms script) while the page is being measured.
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'paperpulse:decorated') console.debug('paperpulse-bench:decorated');
    }).observe({ type: 'mark' });
  } catch (e) {}
  document.addEventListener('DOMContentLoaded', () => {
    state.dcl = performance.now();
    // Only single-paper pages are watched frame by frame: checking one host costs nothing measurable.
    const tick = () => {
      const host = document.querySelector('paper-pulse');
      if (host && host.shadowRoot && host.shadowRoot.querySelector('[data-topic-id]')) {
        state.chipsAt = performance.now();
        console.debug('paperpulse-bench:chips');
      }
      else if (performance.now() - state.dcl < 30000 && !document.querySelector('paper-pulse-bar')) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
})();`;

/** Loads `url` and waits for the probe to say `signal` (listening before the navigation starts). */
export async function loadAndWait(page: Page, url: string, signal: 'chips' | 'decorated', timeout = 60_000) {
  const heard = page.waitForEvent('console', {
    predicate: (m) => m.text() === `paperpulse-bench:${signal}`,
    timeout,
  });
  await page.goto(url);
  await heard;
}

async function measureListing(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await loadAndWait(page, url, 'decorated');
  await page.waitForTimeout(1000); // let late long tasks (style, layout) land in the buffer
  // Raw readings only in the page (tsx would wrap named helpers in code the page does not have).
  const raw = await page.evaluate(() => ({
    dcl: (window as unknown as Probe).__pp.dcl!,
    longtasks: (window as unknown as Probe).__pp.longtasks,
    frames: (window as unknown as Probe).__pp.frames,
    marks: Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
    // A row is done when it shows its answer: chips, or "no topics found" for a paper the tagger gave
    // nothing beyond the listing's own category.
    drawn: [...document.querySelectorAll('paper-pulse')].filter((h) =>
      h.shadowRoot?.querySelector('[data-state="ready"]'),
    ).length,
    withChips: [...document.querySelectorAll('paper-pulse')].filter((h) =>
      h.shadowRoot?.querySelector('[data-topic-id]'),
    ).length,
  }));
  const mark = (name: string) => raw.marks[`paperpulse:${name}`] ?? Number.NaN;
  const start = mark('start');
  const ours = raw.longtasks.filter((t) => t.start + t.duration >= start);
  const decoratedAt = mark('decorated');
  const frames = raw.frames.filter((f) => f.start + f.duration >= start && f.start <= decoratedAt);
  // Each long task goes to the phase it ended in: the adapter reading the page, inserting hosts, the
  // background's answers (in chunks, drawn as they come), the draws after the last answer.
  const phases = [start, mark('extracted'), mark('inserted'), mark('answered'), mark('decorated')];
  const names = ['read', 'insert', 'answers', 'draw'];
  const phaseOf = (t: { start: number; duration: number }) => {
    const end = t.start + t.duration;
    const i = phases.findIndex((p, k) => k > 0 && end <= p);
    return i < 0 ? 'after' : names[i - 1]!;
  };
  const longestIn = (from: number, to: number) =>
    Math.max(
      0,
      ...ours.filter((t) => t.start + t.duration > from && t.start + t.duration <= to).map((t) => t.duration),
    );
  // Scrolled as a reader does first; then, on a fresh load, with the bench checking each frame that every
  // entry in view has its row (reading every entry's box, which forces the layout our drawing left, into
  // the bench's own frame callback).
  const reader = await scrollThrough(page, false);
  // Rows are drawn as they come near the viewport: after scrolling through, every entry has its row.
  const drawnAfterScroll = await page.evaluate(
    () =>
      [...document.querySelectorAll('paper-pulse')].filter((h) =>
        h.shadowRoot?.querySelector('[data-state="ready"]'),
      ).length,
  );
  const result = {
    start: start - raw.dcl,
    firstDrawn: mark('first-drawn') - raw.dcl,
    decorated: mark('decorated') - raw.dcl,
    longList: ours.map((t) => `${round(t.duration)} (${phaseOf(t)})`).join(', '),
    reader,
    phaseMs: phases.slice(1).map((t, i) => t - phases[i]!),
    phaseLongest: phases.slice(1).map((t, i) => longestIn(phases[i]!, t)),
    drawn: raw.drawn,
    withChips: raw.withChips,
    longestOurs: Math.max(0, ...ours.map((t) => t.duration)),
    longCountOurs: ours.length,
    longestAll: Math.max(0, ...raw.longtasks.map((t) => t.duration)),
    // The page's own work before the content script starts: its HTML parse, the baseline for our tasks.
    pageParse: Math.max(
      0,
      ...raw.longtasks.filter((t) => t.start + t.duration < start).map((t) => t.duration),
    ),
    longestFrame: Math.max(0, ...frames.map((f) => f.duration)),
    longFrames: frames.length,
    frameList: frames
      .map((f) => f.duration)
      .sort((a, b) => b - a)
      .slice(0, 8)
      .map(round)
      .join(', '),
  };
  if (drawnAfterScroll !== 2000) throw new Error(`only ${drawnAfterScroll} of 2000 entries were drawn`);
  const memory = await heapAndNodes(await context.newCDPSession(page));
  await page.close();
  const checked = await context.newPage();
  await loadAndWait(checked, url, 'decorated');
  await checked.waitForTimeout(1000);
  const scroll = await scrollThrough(checked, true);
  await checked.close();
  return { ...result, scroll, ...memory };
}

/** The same listing where the content script does not run: what the page costs without us. */
/** Scrolls the listing from top to bottom a screen a frame (rows coming into view get painted). */
export async function scrollThrough(
  page: Page,
  check: boolean,
): Promise<{
  longest: number;
  count: number;
  frames: number;
  longestFrame: number;
  bare: number;
  steps: number;
}> {
  // Plain JavaScript text, like PROBE: tsx would wrap the named helpers in code the page does not have.
  // Each frame, before scrolling on: the entries in view whose row is not drawn (a row must be there by the
  // time its entry is in view). Long animation frames too (rendering included).
  return page.evaluate(`new Promise((resolve) => {
    const tasks = [];
    const frames = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push(e.duration);
    });
    observer.observe({ type: 'longtask' });
    let loaf;
    try {
      loaf = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) frames.push(e.duration);
      });
      loaf.observe({ type: 'long-animation-frame' });
    } catch (e) {}
    let bare = 0;
    let steps = 0;
    const undrawn = () => {
      let n = 0;
      for (const dd of document.querySelectorAll('dd')) {
        const r = dd.getBoundingClientRect();
        if (r.bottom <= 0 || r.top >= window.innerHeight) continue;
        const host = dd.querySelector('paper-pulse');
        if (!host || !host.shadowRoot || !host.shadowRoot.querySelector('[data-state="ready"]')) n++;
      }
      return n;
    };
    window.scrollTo(0, 0);
    const step = () => {
      if (${check}) bare += undrawn();
      steps++;
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight);
      if (window.scrollY > before) requestAnimationFrame(() => requestAnimationFrame(step));
      else setTimeout(() => {
        observer.disconnect();
        if (loaf) loaf.disconnect();
        resolve({ longest: Math.max(0, ...tasks), count: tasks.length, frames: frames.length,
          longestFrame: Math.max(0, ...frames), bare, steps });
      }, 500);
    };
    requestAnimationFrame(step);
  })`);
}

async function measureBaseline(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForTimeout(1500);
  const memory = await heapAndNodes(await context.newCDPSession(page));
  const reader = await scrollThrough(page, false);
  const scroll = await scrollThrough(page, true);
  await page.close();
  return { ...memory, scroll, reader };
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
