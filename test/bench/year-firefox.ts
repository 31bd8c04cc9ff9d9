import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import type { Page } from 'puppeteer-core';
import { answerQuery } from '../e2e/fake-arxiv';
import { ask, type FirefoxExtension, launchFirefox, waitForDocument } from '../e2e-firefox/harness';
import { YEAR_PAPERS } from './index-node';
import { corpusMissing, corpusPapers, yearScale } from './real-corpus';
import { buildIndex, followedTopics } from './seed';
import { median, spread } from './worker-cdp';

const QUERIES = ['reinforcement learning', 'diffusion', 'hallucination detection', 'graph neural networks'];

/**
 * The headline figures of `year` in Firefox ESR (MV2 build, its background page), at the sizes of
 * PP_FIREFOX_WEEKS (default 12,52): the index seeded as in Chromium (seed.ts, written from an extension page,
 * then the add-on reloaded so its background page starts from it), then search (the first answer of the
 * fresh background page, later ones), status.get, the popup's followed rows against a static page's paint.
 */
export async function benchYearFirefox(): Promise<Record<string, number | string>> {
  const missing = corpusMissing();
  if (missing) return { corpus: missing };
  execSync('npx wxt build -b firefox', { stdio: 'ignore' });
  const scale = yearScale(YEAR_PAPERS);
  const out: Record<string, number | string> = {};
  for (const weeks of (process.env.PP_FIREFOX_WEEKS ?? '12,52').split(',').map(Number)) {
    const shown = await figuresAt(weeks, scale);
    for (const [k, v] of Object.entries(shown)) {
      out[`${weeks} weeks: ${k}`] = v;
      process.stdout.write(`  ${weeks} weeks: ${k}: ${v}\n`);
    }
  }
  return out;
}

async function figuresAt(weeks: number, scale: number) {
  const papers = corpusPapers({ weeks, scale });
  const built = await buildIndex(papers);
  const ff = await launchFirefox('firefox-mv2', (url) =>
    url.host === 'export.arxiv.org'
      ? { type: 'application/atom+xml', body: answerQuery([], url) }
      : undefined,
  );
  try {
    const loadStart = loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
    let page = await ff.openExtensionPage('options.html');
    for (let i = 0; i < 240; i++) {
      const s = await ask<{ progress: number; running: boolean }>(page, 'status.get');
      if (s.progress === 1 && !s.running) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    await seed(page, built, papers);
    // The background page starts again from what was written.
    await page
      .evaluate(() => (globalThis as unknown as Reload).browser.runtime.reload())
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 3000));
    const started = performance.now();
    page = await ff.openExtensionPage('options.html');
    const firstSearch = await timed(page, 'search.papers', { query: QUERIES[0], limit: 20 });
    const sinceReload = performance.now() - started;
    const total = (await ask<{ papers: number }>(page, 'status.get')).papers;
    const later: number[] = [];
    for (const query of QUERIES.slice(1))
      later.push(await timed(page, 'search.papers', { query, limit: 20 }));
    const bare: number[] = [];
    for (let i = 0; i < 5; i++) bare.push(await timed(page, 'topics.find', { query: '' }));
    const status: number[] = [];
    for (let i = 0; i < 5; i++) status.push(await timed(page, 'status.get', {}));
    await ask(page, 'discover.emerging', { limit: 5 });
    await ask(page, 'topics.trending', { limit: 8 });
    const popup = await popupTimes(ff);
    return {
      'papers in the index': total,
      'load average at start / end': `${loadStart} / ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
      'search.papers, first answer of the restarted background page, ms (goal <= 300)':
        Math.round(firstSearch),
      '(add-on reloaded -> options page open -> that answer, ms)': Math.round(sinceReload),
      'search.papers, later answers, ms (goal <= 50)': spread(later),
      'baseline: empty round trip (topics.find ""), ms': spread(bare),
      'status.get round trip, ms': spread(status),
      'baseline: static page first contentful paint, ms': spread(popup.floor),
      'popup: all 50 followed rows shown, ms': spread(popup.rows),
      'popup rows shown / static page paint':
        Math.round((median(popup.rows) / median(popup.floor)) * 10) / 10,
    };
  } finally {
    await ff.close();
  }
}

type Reload = { browser: { runtime: { reload(): void } } };

async function timed(page: Page, name: string, request: unknown): Promise<number> {
  const t = performance.now();
  await ask(page, name, request);
  return performance.now() - t;
}

/** Writes the seeded stores from an extension page (typed arrays as base64: BiDi carries no typed arrays). */
async function seed(
  page: Page,
  built: Awaited<ReturnType<typeof buildIndex>>,
  papers: { published: number }[],
) {
  const end = papers.reduce((m, p) => Math.max(m, p.published), 0);
  const follows = followedTopics(built, 50, end);
  const write = async (store: string, records: readonly unknown[], size: (r: unknown) => number) => {
    let batch: unknown[] = [];
    let bytes = 0;
    for (const record of [...records, undefined]) {
      const n = record === undefined ? 0 : size(record);
      if (batch.length && (record === undefined || bytes + n > 8e6)) {
        await page.evaluate(writeEncoded, { store, records: batch.map(encode) });
        batch = [];
        bytes = 0;
      }
      if (record !== undefined) batch.push(record);
      bytes += n;
    }
  };
  const json = (r: unknown) =>
    JSON.stringify(r, (_k, v) => (ArrayBuffer.isView(v) ? v.byteLength * 2 : v)).length;
  await write('papers', built.stored, json);
  await write('annotations', built.annotations, json);
  await write('searchPostings', built.search.postings, json);
  await write('searchDocs', built.search.docs, json);
  await write('searchPairs', built.search.pairs, json);
  await write('counts', built.counts, json);
  await write('follows', follows, json);
  await write(
    'meta',
    [
      built.search.state,
      { key: 'papers.total', value: built.stored.length, version: 1 },
      { key: 'reindex', value: { target: built.target, done: true } },
    ],
    json,
  );
}

function encode(record: unknown): unknown {
  return JSON.parse(
    JSON.stringify(record, (_k, v) =>
      ArrayBuffer.isView(v)
        ? {
            __typed: v.constructor.name,
            base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64'),
          }
        : v,
    ),
  );
}

/** Runs in the extension page: decodes typed arrays and puts the records into one store. */
async function writeEncoded({ store, records }: { store: string; records: unknown[] }): Promise<void> {
  const decode = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(decode);
    if (value && typeof value === 'object') {
      const typed = value as { __typed?: string; base64?: string };
      if (typed.__typed && typed.base64 !== undefined) {
        const bytes = Uint8Array.from(atob(typed.base64), (c) => c.charCodeAt(0));
        const Ctor = (globalThis as unknown as Record<string, new (b: ArrayBuffer) => unknown>)[
          typed.__typed
        ]!;
        return new Ctor(bytes.buffer);
      }
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decode(v)]));
    }
    return value;
  };
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('paperpulse');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(store, 'readwrite');
    for (const record of records) tx.objectStore(store).put(decode(record));
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

/** Opens the popup 6 times (the first not counted) until its 50 rows show; a static page's paint between. */
async function popupTimes(ff: FirefoxExtension) {
  const rows: number[] = [];
  const floor: number[] = [];
  const page = await ff.browser.newPage();
  for (let i = 0; i < 6; i++) {
    const target = ff.url('popup.html');
    page.goto(target).catch(() => {});
    await waitForDocument(page, target);
    const shown = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const check = () => {
            if (document.querySelectorAll('[data-followed-topic-id]').length >= 50)
              resolve(performance.now());
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
    if (i > 0) rows.push(shown);
    await page.goto(
      'data:text/html,<!doctype html><meta charset=utf-8><title>floor</title><h1>PaperPulse</h1>',
    );
    const paint = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const look = () => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            if (fcp) resolve(fcp.startTime);
            else setTimeout(look, 20);
          };
          look();
        }),
    );
    if (i > 0) floor.push(paint);
  }
  await page.close();
  return { rows, floor };
}
