import type { Page, Route } from 'playwright-core';
import { ARXIV_SPACING_MS } from '@/lib/arxiv/rate-limiter';
import { PAGE_SIZE } from '@/lib/ingest/ingestor';
import type { Paper } from '@/lib/paper';
import { answerQuery } from '../e2e/fake-arxiv';
import { ask, launchExtension } from '../e2e/harness';
import { YEAR_PAPERS } from './index-node';
import { corpusMissing, corpusPapers, yearScale } from './real-corpus';
import { annotateWhile, attachWorker, median, spread } from './worker-cdp';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Index fill in Chromium: the built extension backfills 12 weeks of cs.AI + cs.LG + cs.CL from a fake arXiv
 * (context.route, like the e2e tests) holding the real corpus's last 12 weeks scaled to arXiv's volume.
 * The fake answers `pageEntries` entries a page whatever the request asks (the index asks PAGE_SIZE): the
 * ingestor takes what a page holds, so this is the worker's work for pages of that size.
 * Measured: the worker's busy time per page (V8 CPU profile of the service worker, samples not idle,
 * grouped into bursts split by idle gaps of 1 s), against the 3.1 s spacing the extension keeps; the
 * worker's used JS heap, polled every 100 ms during the fill (peak) and after it (after a forced GC).
 * Then whether pages wait while the worker recounts Emerging (lib/background/emerging.ts, run when the fill
 * ends): the round trip of `papers.annotate` for a 50-entry listing, asked every 100 ms until the answer is
 * kept, against the same request once it is (the baseline).
 */
export async function benchIndexFill(pageEntries = 2000): Promise<Record<string, number | string>> {
  const missing = corpusMissing();
  if (missing) return { corpus: missing };
  const papers = corpusPapers({ weeks: 12, scale: yearScale(YEAR_PAPERS) });
  const ext = await launchExtension({ args: ['--remote-debugging-port=0'] });
  try {
    const pages: { at: number; bytes: number; entries: number }[] = [];
    await ext.context.route('https://export.arxiv.org/**', (route: Route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('max_results', String(pageEntries));
      const body = answerQuery(papers.map(fake), url);
      pages.push({ at: Date.now(), bytes: body.length, entries: (body.match(/<entry>/g) ?? []).length });
      return route.fulfill({ contentType: 'application/atom+xml', body });
    });
    const worker = await attachWorker(ext.profile, ext.id);
    const heapStart = await worker.heapMb(true);
    await worker.call('Profiler.enable');
    await worker.call('Profiler.start');
    const heap: number[] = [];
    let filling = true;
    const poll = (async () => {
      while (filling) {
        heap.push(await worker.heapMb().catch(() => Number.NaN));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const page = await ext.context.newPage();
    await page.goto(ext.url('popup.html'));
    const started = Date.now();
    let status = { progress: 0, running: true, papers: 0 };
    for (let i = 0; i < 2400; i++) {
      status = await ask<typeof status>(page, 'status.get');
      if (status.progress === 1 && !status.running && status.papers > 0) break;
      await page.waitForTimeout(250);
    }
    const fillSeconds = (Date.now() - started) / 1000;
    filling = false;
    await poll;
    const recount = await annotateDuringRecount(page, papers.slice(-50), status.papers);
    const { profile } = (await worker.call('Profiler.stop')) as unknown as { profile: Profile };
    const heapAfter = await worker.heapMb(true);
    await worker.close();
    const bursts = busyBursts(profile);
    const gaps = pages.slice(1).map((p, i) => p.at - pages[i]!.at);
    const perPage = bursts.filter((b) => b > 20);
    return {
      papers: `${papers.length} (12 weeks of the corpus x${yearScale(YEAR_PAPERS).toFixed(2)}), ${status.papers} indexed`,
      'entries a page (the index asks for)': `${pageEntries} (${PAGE_SIZE})`,
      'requests / MB of Atom': `${pages.length} / ${Math.round(pages.reduce((s, p) => s + p.bytes, 0) / 1e5) / 10}`,
      'Atom KB a full page': Math.round(Math.max(...pages.map((p) => p.bytes)) / 1024),
      'fill wall time, s': Math.round(fillSeconds),
      'baseline: requests x spacing (3.1 s), s': Math.round((pages.length * ARXIV_SPACING_MS) / 1000),
      'fill time / (requests x spacing)':
        Math.round((fillSeconds / ((pages.length * ARXIV_SPACING_MS) / 1000)) * 100) / 100,
      'request to request, ms': spread(gaps),
      'worker busy per page (parse + tag + store), ms': spread(perPage),
      'worker busy per page / spacing': Math.round((median(perPage) / ARXIV_SPACING_MS) * 100) / 100,
      'worker busy in all, s': Math.round(bursts.reduce((a, b) => a + b, 0) / 100) / 10,
      'worker JS heap before fill (after GC), MB': heapStart,
      'worker JS heap peak during fill, MB (goal <= 150)': `${Math.max(...heap.filter(Number.isFinite))} (${heap.length} samples, median ${median(heap.filter(Number.isFinite))})`,
      'worker JS heap after fill (after GC), MB (goal <= 60)': heapAfter,
      'fill end -> Emerging answer kept, ms (polled every ~100 ms)': recount.keptAfter,
      'papers.annotate, 50 entries, during the Emerging recount, ms': recount.during.length
        ? spread(recount.during)
        : 'ended before the first request',
      'papers.annotate, 50 entries, after it (baseline), ms': spread(recount.after),
    };
  } finally {
    await ext.close();
  }
}

function fake(p: Paper) {
  return {
    id: p.id,
    title: p.title,
    abstract: p.abstract,
    authors: p.authors,
    categories: p.categories,
    published: p.published,
  };
}

/** Annotate round trips while the worker recounts Emerging after the fill, and once it has kept its answer. */
async function annotateDuringRecount(page: Page, listed: readonly Paper[], indexed: number) {
  const started = performance.now();
  // The answer covers the last sixteen weeks, so the whole 12-week index once it is counted.
  const kept = async () => ((await page.evaluate(keptEmergingStored)) ?? 0) >= indexed;
  const { during, after, doneAt } = await annotateWhile(page, listed, kept, 900);
  const keptAfter = doneAt === undefined ? 'not kept within the wait' : Math.round(doneAt - started);
  return { during, after, keptAfter };
}

/** Runs in the extension page: the papers the kept Emerging answer counted (lib/store/emerging.ts). */
async function keptEmergingStored(): Promise<number | undefined> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('paperpulse');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const record = await new Promise<{ value?: { stored?: number } } | undefined>((resolve, reject) => {
    const get = db.transaction('meta').objectStore('meta').get('emerging.answer');
    get.onsuccess = () => resolve(get.result);
    get.onerror = () => reject(get.error);
  });
  db.close();
  return record?.value?.stored;
}

/** Milliseconds of work in each burst of non-idle samples (bursts split by 1 s without work). */
function busyBursts(profile: Profile): number[] {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  const bursts: number[] = [];
  let current = 0;
  let quiet = 0;
  profile.samples.forEach((node, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    if (idle.has(node)) {
      quiet += dt;
      if (quiet > 1000 && current > 0) {
        bursts.push(current);
        current = 0;
      }
    } else {
      current += dt;
      quiet = 0;
    }
  });
  if (current > 0) bursts.push(current);
  return bursts;
}
