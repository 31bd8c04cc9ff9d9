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
    const annotate = async (
      evidence: boolean,
      chunk = refs.length,
      name = 'papers.annotate',
      list: PaperRef[] = refs,
    ) => {
      const trips: number[] = [];
      const parses: number[] = [];
      const inWorker: number[] = [];
      for (let i = 0; i < 7; i++) {
        const { ms, bytes, parseMs } = await page.evaluate(
          async ({ papers, evidence, chunk, name }) => {
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
                    name,
                    request:
                      name === 'papers.annotate'
                        ? { papers: papers.slice(k * chunk, (k + 1) * chunk), evidence }
                        : { papers: papers.slice(k * chunk, (k + 1) * chunk) },
                  })
                  .then((r) => replies.push(r)),
              ),
            );
            const text = JSON.stringify(replies);
            const p = performance.now();
            JSON.parse(text);
            return { ms: performance.now() - t, bytes: text.length, parseMs: performance.now() - p };
          },
          { papers: list, evidence, chunk, name },
        );
        trips.push(ms);
        parses.push(parseMs);
        inWorker.push(await answered(name));
        if (i === 0) sizes.set(`${name}/${evidence}/${chunk}`, bytes);
      }
      return { trips, inWorker, parses };
    };
    const sizes = new Map<string, number>();
    const lean = await annotate(false);
    const full = await annotate(true);
    const chunked = await annotate(false, 250);
    // The compact answer (lib/messages/annotate-compact.ts): each topic id once, tags as index/score pairs.
    const compact = await annotate(false, refs.length, 'papers.annotateCompact');
    const compactChunked = await annotate(false, 250, 'papers.annotateCompact');
    // Every paper in the index: no tagging from page text in the worker.
    const indexed = ext.rows
      .slice(0, 2000)
      .map((row) => ({ ...refs[0]!, arxivId: row.id, title: row.title, categories: row.categories }));
    const leanIndexed = await annotate(false, 2000, 'papers.annotate', indexed);
    const compactIndexed = await annotate(false, 2000, 'papers.annotateCompact', indexed);
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
      'status.get round trip, ms': spread(statusTrips),
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
      'annotate 2000-entry listing, no evidence: answer KB': Math.round(
        sizes.get('papers.annotate/false/2000')! / 1024,
      ),
      'annotate 2000-entry listing with evidence: round trip, ms': spread(full.trips.slice(1)),
      'annotate 2000-entry listing with evidence: answer KB': Math.round(
        sizes.get('papers.annotate/true/2000')! / 1024,
      ),
      'annotateCompact 2000: worker time, ms': spread(compact.inWorker.slice(1)),
      'annotateCompact 2000: round trip, ms': spread(compact.trips.slice(1)),
      'annotateCompact 2000: round trip / empty round trip': ratio(compact.trips.slice(1), bare),
      'annotateCompact 2000: answer KB': Math.round(sizes.get('papers.annotateCompact/false/2000')! / 1024),
      'annotateCompact 8 x 250 at once: all answered, ms': spread(compactChunked.trips.slice(1)),
      'all 2000 in the index: annotate worker / round trip, ms': `${spread(leanIndexed.inWorker.slice(1))} / ${spread(leanIndexed.trips.slice(1))}`,
      'all 2000 in the index: annotateCompact worker / round trip, ms': `${spread(compactIndexed.inWorker.slice(1))} / ${spread(compactIndexed.trips.slice(1))}`,
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
