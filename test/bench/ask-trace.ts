import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { ask, type Extension } from '../e2e/harness';
import { YEAR_PAPERS } from './index-node';
import { corpusMissing, corpusPapers, yearScale } from './real-corpus';
import { seededExtension } from './seed';
import { attachWorker } from './worker-cdp';

const QUESTIONS = [
  'How is training made more stable?',
  'How are errors detected and corrected?',
  'What improves accuracy on long inputs?',
];

/**
 * Where a fresh worker's Ask spends its time (issue 36), on the page's clock in ms after the key press: the
 * message sent, the worker's start (its `performance.timeOrigin`), any `pp:` performance marks the worker
 * set (none are shipped: add `performance.mark('pp:...')` where a breakdown is wanted, as was done for
 * test/eval/results/ask-dev-notes.md), the reply, the answer in the document, the next frame, and when
 * Playwright's wait returned. PP_YEAR_WEEKS picks the index (one size).
 */
export async function benchAskTrace(): Promise<Record<string, number | string>> {
  const missing = corpusMissing();
  if (missing) return { corpus: missing };
  const weeks = Number(process.env.PP_YEAR_WEEKS ?? '12');
  const papers = corpusPapers({ weeks, scale: yearScale(YEAR_PAPERS) });
  const ext = await seededExtension(papers, 50, ['--remote-debugging-port=0']);
  const out: Record<string, number | string> = {
    load: loadavg()
      .map((x) => x.toFixed(2))
      .join(' '),
  };
  try {
    const page = await ext.context.newPage();
    await page.goto(ext.url('options.html'));
    const { topics } = await ask<{ topics: { id: string; momentum?: { recent: number } }[] }>(
      page,
      'topics.trending',
      { limit: 50 },
    );
    const largest = [...topics].sort((a, b) => (b.momentum?.recent ?? 0) - (a.momentum?.recent ?? 0))[0]!.id;
    for (const [n, question] of QUESTIONS.entries()) {
      out[`q${n + 1}`] = await traceOne(ext, page, largest, question);
    }
  } finally {
    await ext.close();
  }
  return out;
}

async function traceOne(ext: Extension, page: Page, topicId: string, question: string) {
  await page.goto(ext.url(`topic.html?id=${encodeURIComponent(topicId)}`));
  await page.waitForSelector('[data-ask] input');
  const cdp = await ext.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
  await page.fill('[data-ask] input', question);
  const asked = await page.evaluate(() => {
    const w = window as unknown as Record<string, number>;
    const rt = (
      globalThis as unknown as { chrome: { runtime: { sendMessage: (m: unknown) => Promise<unknown> } } }
    ).chrome.runtime;
    const send = rt.sendMessage.bind(rt);
    rt.sendMessage = (m: unknown) => {
      w.ppSent = performance.now();
      return send(m).then((r) => {
        w.ppReply = performance.now();
        return r;
      });
    };
    const longs: string[] = [];
    (w as unknown as { ppLong: string[] }).ppLong = longs;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longs.push(`${Math.round(e.startTime)}+${Math.round(e.duration)}`);
    }).observe({ type: 'longtask' });
    new MutationObserver((_, o) => {
      if (document.querySelector('[data-ask-answer]')) {
        w.ppDrawn = performance.now();
        requestAnimationFrame(() => {
          w.ppFrame = performance.now();
        });
        setTimeout(() => {
          w.ppTimeout = performance.now();
        }, 0);
        o.disconnect();
      }
    }).observe(document.body, { childList: true, subtree: true });
    return performance.timeOrigin + performance.now();
  });
  await page.press('[data-ask] input', 'Enter');
  await page.waitForSelector('[data-ask-answer]');
  const shown = await page.evaluate(() => performance.timeOrigin + performance.now());
  const pageMarks = await page.evaluate(() => {
    const w = window as unknown as Record<string, number>;
    const long = (w as unknown as { ppLong: string[] }).ppLong;
    return {
      sent: w.ppSent!,
      reply: w.ppReply!,
      drawn: w.ppDrawn!,
      frame: w.ppFrame!,
      timeout: w.ppTimeout!,
      origin: performance.timeOrigin,
      long: long.join(' '),
    };
  });
  const worker = await attachWorker(ext.profile, ext.id);
  const { result } = (await worker.call('Runtime.evaluate', {
    expression:
      'JSON.stringify({origin: performance.timeOrigin, marks: performance.getEntriesByType("mark").map(m => [m.name, m.startTime])})',
    returnByValue: true,
  })) as { result: { value: string } };
  await worker.close();
  const { origin, marks } = JSON.parse(result.value) as { origin: number; marks: [string, number][] };
  const at = (t: number) => Math.round(t - asked);
  const parts = [`worker origin ${at(origin)}`];
  for (const [name, t] of marks) parts.push(`${name.replace('pp:', '')} ${at(origin + t)}`);
  for (const k of ['sent', 'reply', 'drawn', 'frame', 'timeout'] as const)
    parts.push(`page ${k} ${at(pageMarks.origin + pageMarks[k])}`);
  parts.push(`shown ${at(shown)}`);
  parts.push(`long tasks ${pageMarks.long} (asked at ${Math.round(asked - pageMarks.origin)})`);
  return parts.join(', ');
}
