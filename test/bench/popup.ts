import type { CDPSession, Page } from 'playwright-core';
import { ask, type Extension } from '../e2e/harness';
import { YEAR_PAPERS } from './index-node';
import { corpusMissing, corpusPapers, yearScale } from './real-corpus';
import { seededExtension } from './seed';
import { bareRoundTrips, spread } from './worker-cdp';

const FOLLOWS = 50;
/** The headline figure's name (bench year reads it too). */
export const POPUP_EMERGING = 'popup Emerging section painted (navigation -> its heading painted), ms';
const OPENS = 11;

/**
 * In real Chromium, with the built extension, 12 weeks of the real corpus at arXiv's volume (about 36,000
 * papers) and 50 followed topics: the popup's first contentful paint, when its 50 followed rows are on
 * screen (that waits for the background's `follows.list`) and when its Emerging section is (issue 38: goal <=
 * 100 ms; drawn from the popup's last answer, kept in its localStorage, from the second open on, and when the
 * background's own answer replaces it), against a static page's paint in the same run.
 */
export async function benchPopup(): Promise<Record<string, number | string>> {
  const missing = corpusMissing();
  if (missing) return { corpus: missing };
  const seeded = Date.now();
  const ext = await seededExtension(corpusPapers({ weeks: 12, scale: yearScale(YEAR_PAPERS) }), FOLLOWS);
  const seedSeconds = Math.round((Date.now() - seeded) / 1000);
  try {
    return { ...(await popupFigures(ext)), 'seeding the index, s': seedSeconds };
  } finally {
    await ext.close();
  }
}

/** The popup's figures on a seeded extension (its follows already stored). */
export async function popupFigures(ext: Extension): Promise<Record<string, number | string>> {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 420, height: 600 });
  await page.addInitScript(watchRows, FOLLOWS);
  await page.goto(ext.url('options.html'));
  const status = await ask<{ papers: number }>(page, 'status.get');
  const follows = (await ask<{ follows: unknown[] }>(page, 'follows.list')).follows.length;
  // What the popup finds kept after an ingest pass (the background works both out then): the seeded index
  // has neither yet, and counting them (seconds on a year) would land in the first opens' follows.list.
  const warmUp = performance.now();
  await ask(page, 'discover.emerging', { limit: 5 });
  await ask(page, 'topics.trending', { limit: 8 });
  const warmUpMs = performance.now() - warmUp;
  // The seeding opened the popup on an empty index, which kept that Emerging section: the first open here
  // is one with nothing kept.
  await page.evaluate(() => localStorage.clear());
  // This machine's floor, measured between the popup's opens: a page with one heading and no script.
  const runs = [];
  const floor: number[] = [];
  for (let i = 0; i < OPENS; i++) {
    runs.push(await openOnce(page, ext.url('popup.html'), follows));
    floor.push(await baselinePaint(page));
  }
  const warm = runs.slice(1);
  // What the rows wait for: the background's answer to follows.list, timed from an extension page.
  await page.goto(ext.url('options.html'));
  const answer = await roundTrips(page, 'follows.list', {});
  const bare = await bareRoundTrips(page);
  const statusTrips = await roundTrips(page, 'status.get', {});
  await page.close();
  const x = (a: number[], b: number[]) => Math.round((median(a) / median(b)) * 10) / 10;
  const rows = warm.map((r) => r.allRows);
  const painted = warm.map((r) => r.emergingPaint);
  const answered = warm.map((r) => r.emergingAnswer);
  return {
    'papers in the index': status.papers,
    'followed topics': follows,
    'baseline: static one-heading page first contentful paint, ms': spread(floor.slice(1)),
    [POPUP_EMERGING]: spread(painted),
    'popup Emerging painted / static page paint': x(painted, floor.slice(1)),
    'popup Emerging painted after the popup first contentful paint, ms (goal <= 100)': spread(
      warm.map((r) => r.emergingPaint - r.fcp),
    ),
    'popup Emerging section put in the document (navigation ->), ms': spread(warm.map((r) => r.emerging)),
    'popup Emerging, first open (nothing kept yet): navigation -> painted, ms': round(runs[0]!.emergingPaint),
    "popup Emerging, the background's answer in the document (navigation ->), ms": spread(answered),
    "popup Emerging, the background's answer in the document after the popup first contentful paint, ms":
      spread(warm.map((r) => r.emergingAnswer - r.fcp)),
    'popup Emerging phrases shown': runs[0]!.phrases,
    'popup first contentful paint, ms': spread(warm.map((r) => r.fcp)),
    'popup first contentful paint, first open ms': round(runs[0]!.fcp),
    'popup all followed rows shown, ms': spread(rows),
    'popup all rows shown / static page paint': x(rows, floor.slice(1)),
    'baseline: empty round trip (topics.find ""), ms': spread(bare),
    'status.get round trip (the popup asks it), ms': spread(statusTrips),
    'follows.list round trip (50 follows), ms': spread(answer),
    'follows.list / empty round trip': x(answer, bare),
    'popup main-thread task time until all rows and Emerging shown, median ms': median(
      warm.map((r) => r.task),
    ),
    'before the opens: Emerging and trending worked out once (as after an ingest pass), ms': round(warmUpMs),
  };
}

/** Marks, in the page (its clock starts at navigation), when all the followed topics and when Emerging are on screen. */
function watchRows(expected: number) {
  const marks = globalThis as unknown as {
    __ppAllRows?: number;
    __ppEmerging?: number;
    __ppEmergingAnswer?: number;
    __ppEmergingPaint?: number;
  };
  // When the section's heading is painted (Element Timing), not only put in the document: the kept section
  // is drawn before the page's first paint, so the mutation alone would come before any paint. (No helper
  // functions in here: the bundler's name-keeping wrapper does not exist in the page.) The background's
  // answer replaces the kept section in place (same heading): it is timed when it is in the document.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { identifier: string; renderTime: number }[]) {
      if (entry.identifier === 'pp-emerging') marks.__ppEmergingPaint ??= entry.renderTime;
    }
  }).observe({ type: 'element', buffered: true });
  const observer = new MutationObserver(() => {
    const section = document.querySelector('[data-emerging]');
    const answer = document.querySelector('[data-emerging]:not([data-emerging-kept])');
    if (marks.__ppEmerging === undefined && section) marks.__ppEmerging = performance.now();
    // Every heading until one is painted: the popup may replace the shell's section before the first frame.
    if (marks.__ppEmergingPaint === undefined)
      for (const heading of document.querySelectorAll('[data-emerging] h2:not([elementtiming])'))
        heading.setAttribute('elementtiming', 'pp-emerging');
    if (marks.__ppEmergingAnswer === undefined && answer) {
      marks.__ppEmergingAnswer = performance.now();
    }
    if (
      marks.__ppAllRows === undefined &&
      document.querySelectorAll('[data-followed-topic-id]').length >= expected
    )
      marks.__ppAllRows = performance.now();
    if (
      marks.__ppAllRows !== undefined &&
      marks.__ppEmergingAnswer !== undefined &&
      marks.__ppEmergingPaint !== undefined
    )
      observer.disconnect();
  });
  // The kept section becomes the answer's in place: its data-emerging-kept attribute goes.
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-emerging-kept'],
  });
}

/** Main-thread time of the page's tasks and scripts (ms), from the DevTools protocol's counters. */
async function mainThread(cdp: CDPSession): Promise<{ task: number; script: number }> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { task: get('TaskDuration'), script: get('ScriptDuration') };
}

async function openOnce(page: Page, url: string, follows: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const before = await mainThread(cdp);
  await page.goto(url);
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[data-followed-topic-id]').length >= n &&
      document.querySelector('[data-index-status]') !== null &&
      document.querySelector('[data-emerging]:not([data-emerging-kept])') !== null,
    follows,
  );
  const after = await mainThread(cdp);
  await cdp.detach();
  const timing = await page.evaluate(() => {
    const marks = globalThis as unknown as {
      __ppAllRows?: number;
      __ppEmerging?: number;
      __ppEmergingAnswer?: number;
      __ppEmergingPaint?: number;
    };
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return {
      fcp: paint?.startTime ?? Number.NaN,
      domContentLoaded: nav?.domContentLoadedEventEnd ?? Number.NaN,
      allRows: marks.__ppAllRows ?? Number.NaN,
      emerging: marks.__ppEmerging ?? Number.NaN,
      emergingAnswer: marks.__ppEmergingAnswer ?? Number.NaN,
      emergingPaint: marks.__ppEmergingPaint ?? Number.NaN,
      phrases: document.querySelectorAll('[data-emerging-phrase]').length,
    };
  });
  return { ...timing, task: after.task - before.task, script: after.script - before.script };
}

/** Five timed calls of one message from an extension page. */
async function roundTrips(page: Page, name: string, request: unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await ask(page, name, request);
    times.push(performance.now() - started);
  }
  return times;
}

async function baselinePaint(page: Page): Promise<number> {
  await page.goto(
    'data:text/html,<!doctype html><meta charset=utf-8><title>floor</title><h1>PaperPulse</h1>',
  );
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]!.startTime);
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return round(s[Math.floor(s.length / 2)]!);
}
