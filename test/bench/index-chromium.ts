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
    const annotate = async (evidence: boolean) => {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        times.push(
          await page.evaluate(
            async ({ papers, evidence }) => {
              const chrome = (
                globalThis as unknown as {
                  chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } };
                }
              ).chrome;
              const t = performance.now();
              await chrome.runtime.sendMessage({ name: 'papers.annotate', request: { papers, evidence } });
              return performance.now() - t;
            },
            { papers: refs, evidence },
          ),
        );
      }
      return times;
    };
    const times = await annotate(false);
    const withEvidence = await annotate(true);
    const followsTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await ask(page, 'follows.list');
      followsTimes.push(performance.now() - t);
    }
    const heap = await workerHeap(ext.profile, ext.id);
    return {
      'papers in the index': status.papers,
      'annotate 2000-entry listing (as a listing asks: no evidence), median ms': median(times.slice(1)),
      'annotate 2000-entry listing, first call (cold shards) ms': Math.round(times[0]!),
      'annotate 2000-entry listing with evidence, median ms': median(withEvidence.slice(1)),
      'follows.list with 50 follows, median ms': median(followsTimes),
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
