import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { Paper, PaperRef } from '@/lib/paper';
import { ask } from '../e2e/harness';

export interface WorkerSession {
  call(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** The worker's used JS heap in MB (after a forced GC when `gc`). */
  heapMb(gc?: boolean): Promise<number>;
  close(): Promise<void>;
}

/**
 * A DevTools session on the extension's service worker (Playwright gives none for workers): needs the
 * browser launched with `--remote-debugging-port=0`, which writes the port into the profile.
 */
export async function attachWorker(profile: string, extensionId: string): Promise<WorkerSession> {
  const port = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0];
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = (await session.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.includes(extensionId));
  if (!worker) throw new Error('service worker target not found');
  const { sessionId } = (await session.send('Target.attachToTarget', {
    targetId: worker.targetId,
    flatten: false,
  })) as { sessionId: string };
  let id = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const myId = ++id;
      const onMessage = (event: { sessionId: string; message: string }) => {
        const reply = JSON.parse(event.message) as {
          id: number;
          result: Record<string, unknown>;
          error?: { message: string };
        };
        if (event.sessionId !== sessionId || reply.id !== myId) return;
        session.off('Target.receivedMessageFromTarget', onMessage);
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve(reply.result);
      };
      session.on('Target.receivedMessageFromTarget', onMessage);
      void session.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: myId, method, params }),
      });
    });
  return {
    call,
    async heapMb(gc = false) {
      if (gc) await call('HeapProfiler.collectGarbage');
      const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number };
      return Math.round((usage.usedSize / 1024 / 1024) * 10) / 10;
    },
    close: () => browser.close().catch(() => undefined),
  };
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]! * 10) / 10;
}

/** `median (min-max, n)`: the spread of repeated runs on a shared machine. */
export function spread(xs: readonly number[]): string {
  const r = (x: number) => Math.round(x * 10) / 10;
  return `${median(xs)} (${r(Math.min(...xs))}-${r(Math.max(...xs))}, n=${xs.length})`;
}

/**
 * Round trips of one message from an extension page; by default the messaging floor, a message whose
 * handler does nothing (topics.find with an empty query returns at once). status.get is no floor: it
 * reads the sync state and the lookup queue.
 */
export async function bareRoundTrips(page: Page, n = 7, name = 'topics.find'): Promise<number[]> {
  const request = name === 'topics.find' ? { query: '', limit: 1 } : {};
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await ask(page, name, request);
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * What a listing waits while the worker is busy: papers.annotate for `papers` (no evidence, as listings
 * ask) every ~100 ms until `done()` (at most `maxAsks` asks), then nine more once it is: the same-run
 * baseline. `doneAt` is when `done()` first held (performance.now()), undefined if it never did.
 */
export async function annotateWhile(
  page: Page,
  papers: readonly Pick<Paper, 'id' | 'title' | 'authors' | 'categories'>[],
  done: () => Promise<boolean>,
  maxAsks: number,
): Promise<{ during: number[]; after: number[]; doneAt?: number }> {
  const refs: PaperRef[] = papers.map((p) => ({
    arxivId: p.id,
    title: p.title,
    authors: p.authors.slice(0, 3),
    categories: p.categories,
  }));
  const annotate = async () => {
    const t = performance.now();
    await ask(page, 'papers.annotate', { papers: refs, evidence: false });
    return performance.now() - t;
  };
  const during: number[] = [];
  let doneAt: number | undefined;
  for (let i = 0; i < maxAsks && doneAt === undefined; i++) {
    if (await done()) doneAt = performance.now();
    // PP_ANNOTATE_WHILE=0: no page asks anything meanwhile (the work's own time, nothing standing aside).
    else if (process.env.PP_ANNOTATE_WHILE === '0') await page.waitForTimeout(100);
    else {
      during.push(await annotate());
      await page.waitForTimeout(100);
    }
  }
  const after: number[] = [];
  for (let i = 0; i < 9; i++) after.push(await annotate());
  return { during, after, ...(doneAt === undefined ? {} : { doneAt }) };
}
