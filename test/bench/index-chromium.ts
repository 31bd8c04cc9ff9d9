import type { PaperRef } from '@/lib/paper';
import { ask } from '../e2e/harness';
import { YEAR_PAPERS } from './index-node';
import { corpusMissing, corpusPapers, yearScale } from './real-corpus';
import { seededExtension } from './seed';
import { attachWorker, bareRoundTrips, spread } from './worker-cdp';

/**
 * In real Chromium with the built extension and 12 weeks of the real corpus scaled to arXiv's volume
 * (about 36,000 papers): how long the background takes to
 * answer `papers.annotate` for a 2000-entry listing (round trip from an extension page), and the
 * service worker's JS heap.
 */
export async function benchIndexChromium(): Promise<Record<string, number | string>> {
  const missing = corpusMissing();
  if (missing) return { corpus: missing };
  const papers = corpusPapers({ weeks: 12, scale: yearScale(YEAR_PAPERS) });
  const ext = await seededExtension(papers, 50, ['--remote-debugging-port=0']);
  try {
    const page = await ext.context.newPage();
    await page.goto(ext.url('popup.html'));
    const status = await ask<{ papers: number }>(page, 'status.get');

    // A listing: 2000 entries, three quarters of them in the index, as a /list/ page would send them.
    const refs: PaperRef[] = ext.rows.slice(0, 2000).map((row, i) => ({
      arxivId: i % 4 === 3 ? `2612.${String(90000 + i)}` : row.id,
      title: row.title,
      authors: row.authors.slice(0, 3),
      categories: row.categories,
    }));
    // Round trip from an extension page, and the worker's own time (validation and handler, the User
    // Timing measure the dispatcher leaves): the difference is Chrome's messaging, which copies the request
    // and the answer between processes.
    const answered = (name = 'papers.annotate') =>
      ext.worker.evaluate(
        (label) => performance.getEntriesByName(label, 'measure').at(-1)?.duration ?? -1,
        `paperpulse:${name}`,
      );
    const annotate = async (evidence: boolean, chunk = refs.length) => {
      const trips: number[] = [];
      const parses: number[] = [];
      const inWorker: number[] = [];
      for (let i = 0; i < 7; i++) {
        const { ms, bytes, parseMs } = await page.evaluate(
          async ({ papers, evidence, chunk }) => {
            const chrome = (
              globalThis as unknown as {
                chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } };
              }
            ).chrome;
            const t = performance.now();
            const replies: unknown[] = [];
            // As the content script asks: chunks, all in flight at once.
            await Promise.all(
              Array.from({ length: Math.ceil(papers.length / chunk) }, (_, k) =>
                chrome.runtime
                  .sendMessage({
                    name: 'papers.annotate',
                    request: { papers: papers.slice(k * chunk, (k + 1) * chunk), evidence },
                  })
                  .then((r) => replies.push(r)),
              ),
            );
            const text = JSON.stringify(replies);
            const p = performance.now();
            JSON.parse(text);
            return { ms: performance.now() - t, bytes: text.length, parseMs: performance.now() - p };
          },
          { papers: refs, evidence, chunk },
        );
        trips.push(ms);
        parses.push(parseMs);
        inWorker.push(await answered());
        if (i === 0) sizes.set(`${evidence}/${chunk}`, bytes);
      }
      return { trips, inWorker, parses };
    };
    const sizes = new Map<string, number>();
    const lean = await annotate(false);
    const full = await annotate(true);
    const chunked = await annotate(false, 250);
    // Baselines in the same run: a round trip whose handler does nothing, and parsing the answer's bytes.
    const bare = await bareRoundTrips(page);
    const statusTrips = await bareRoundTrips(page, 5, 'status.get');
    const followsTimes: number[] = [];
    const followsInWorker: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await ask(page, 'follows.list');
      followsTimes.push(performance.now() - t);
      followsInWorker.push(await answered('follows.list'));
    }
    const worker = await attachWorker(ext.profile, ext.id);
    const heap = await worker.heapMb(true);
    await worker.close();
    const ratio = (xs: number[], base: number[]) => Math.round((med(xs) / med(base)) * 10) / 10;
    return {
      'papers in the index': status.papers,
      'baseline: empty round trip (topics.find ""), ms': spread(bare),
      'status.get round trip (counts the papers store), ms': spread(statusTrips),
      'baseline: JSON.parse of the annotate answer (no evidence) in the page, ms': spread(
        lean.parses.slice(1),
      ),
      'annotate 2000-entry listing, no evidence: worker time, ms': spread(lean.inWorker.slice(1)),
      'annotate 2000-entry listing, no evidence: round trip, ms': spread(lean.trips.slice(1)),
      'annotate 2000, no evidence: round trip / empty round trip': ratio(lean.trips.slice(1), bare),
      'annotate 2000, no evidence: round trip / JSON.parse of its answer': ratio(
        lean.trips.slice(1),
        lean.parses.slice(1),
      ),
      'annotate 2000-entry listing, first call (cold shards), round trip ms': Math.round(lean.trips[0]!),
      'annotate 2000-entry listing, no evidence: answer KB': Math.round(sizes.get('false/2000')! / 1024),
      'annotate 2000-entry listing with evidence: round trip, ms': spread(full.trips.slice(1)),
      'annotate 2000-entry listing with evidence: answer KB': Math.round(sizes.get('true/2000')! / 1024),
      'annotate as the content script asks (8 x 250 at once): all answered, ms': spread(
        chunked.trips.slice(1),
      ),
      'follows.list with 50 follows: worker time, ms': spread(followsInWorker),
      'follows.list with 50 follows: round trip, ms': spread(followsTimes),
      'service worker JS heap after GC, MB': heap,
    };
  } finally {
    await ext.close();
  }
}

function med(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}
