import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { PaperRef } from '@/lib/paper';
import { ask } from '../e2e/harness';
import { BENCH_PAPERS } from './index-node';
import { seededExtension } from './seed';

/**
 * In real Chromium with the built extension and a 50,000-paper index: how long the background takes to
 * answer `papers.annotate` for a 2000-entry listing (round trip from an extension page), and the
 * service worker's JS heap.
 */
export async function benchIndexChromium() {
  const ext = await seededExtension(BENCH_PAPERS, 50, ['--remote-debugging-port=0']);
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
      const inWorker: number[] = [];
      for (let i = 0; i < 7; i++) {
        const { ms, bytes } = await page.evaluate(
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
            return { ms: performance.now() - t, bytes: JSON.stringify(replies).length };
          },
          { papers: refs, evidence, chunk },
        );
        trips.push(ms);
        inWorker.push(await answered());
        if (i === 0) sizes.set(`${evidence}/${chunk}`, bytes);
      }
      return { trips, inWorker };
    };
    const sizes = new Map<string, number>();
    const lean = await annotate(false);
    const full = await annotate(true);
    const chunked = await annotate(false, 250);
    const followsTimes: number[] = [];
    const followsInWorker: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await ask(page, 'follows.list');
      followsTimes.push(performance.now() - t);
      followsInWorker.push(await answered('follows.list'));
    }
    const heap = await workerHeap(ext.profile, ext.id);
    return {
      'papers in the index': status.papers,
      'annotate 2000-entry listing, no evidence: worker time, median ms': median(lean.inWorker.slice(1)),
      'annotate 2000-entry listing, no evidence: round trip, median ms': median(lean.trips.slice(1)),
      'annotate 2000-entry listing, first call (cold shards), round trip ms': Math.round(lean.trips[0]!),
      'annotate 2000-entry listing, no evidence: answer KB': Math.round(sizes.get('false/2000')! / 1024),
      'annotate 2000-entry listing with evidence: round trip, median ms': median(full.trips.slice(1)),
      'annotate 2000-entry listing with evidence: answer KB': Math.round(sizes.get('true/2000')! / 1024),
      'annotate as the content script asks (8 x 250 at once): all answered, median ms': median(
        chunked.trips.slice(1),
      ),
      'follows.list with 50 follows: worker time, median ms': median(followsInWorker),
      'follows.list with 50 follows: round trip, median ms': median(followsTimes),
      'service worker JS heap after GC, MB': heap,
    };
  } finally {
    await ext.close();
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]! * 10) / 10;
}

/** The service worker's used JS heap after a forced GC, through the DevTools protocol. */
async function workerHeap(profile: string, extensionId: string): Promise<number> {
  const port = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string; url: string }[];
    };
    const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.includes(extensionId));
    if (!worker) throw new Error('service worker target not found');
    const { sessionId } = (await session.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false,
    })) as {
      sessionId: string;
    };
    let id = 0;
    const call = (method: string) =>
      new Promise<Record<string, number>>((resolve) => {
        const myId = ++id;
        const onMessage = (event: { sessionId: string; message: string }) => {
          const reply = JSON.parse(event.message) as { id: number; result: Record<string, number> };
          if (event.sessionId === sessionId && reply.id === myId) {
            session.off('Target.receivedMessageFromTarget', onMessage);
            resolve(reply.result);
          }
        };
        session.on('Target.receivedMessageFromTarget', onMessage);
        void session.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id: myId, method }),
        });
      });
    await call('HeapProfiler.collectGarbage');
    const usage = await call('Runtime.getHeapUsage');
    return Math.round((usage.usedSize! / 1024 / 1024) * 10) / 10;
  } finally {
    await browser.close().catch(() => undefined);
  }
}
