import type { Page } from 'playwright-core';
import type { Extension } from '../e2e/harness';

/** Free questions any large topic's papers share words with (none is an exact question). */
const QUESTIONS = [
  'How is training made more stable?',
  'How are errors detected and corrected?',
  'What improves accuracy on long inputs?',
];

/**
 * Ask as a researcher meets it (issue 36): the topic page open, the worker stopped (a fresh worker life,
 * as after Chrome stops an idle worker), then a free question submitted; the time from submitting to
 * `[data-ask-answer]` on screen (the extractive answer: worker start, search, papers read, sentences
 * chosen, drawn). Once per question, each in a fresh worker.
 */
export async function askPageTimes(ext: Extension, page: Page, topicId: string): Promise<number[]> {
  const out: number[] = [];
  for (const question of QUESTIONS) {
    await page.goto(ext.url(`topic.html?id=${encodeURIComponent(topicId)}`));
    await page.waitForSelector('[data-ask] input');
    await stopWorkers(ext, page);
    await page.fill('[data-ask] input', question);
    const t = performance.now();
    await page.press('[data-ask] input', 'Enter');
    await page.waitForSelector('[data-ask-answer]');
    out.push(performance.now() - t);
  }
  return out;
}

async function stopWorkers(ext: Extension, page: Page) {
  const cdp = await ext.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}
