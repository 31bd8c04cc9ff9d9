import type { Page } from 'playwright-core';
import type { Extension } from '../e2e/harness';

/** Free questions any large topic's papers share words with (none is an exact question). */
const QUESTIONS = [
  'How is training made more stable?',
  'How are errors detected and corrected?',
  'What improves accuracy on long inputs?',
];

/** A key every 40 ms: a fast typist (about 300 characters a minute); a question of 35-40 characters, 1.5 s. */
const TYPING_MS = 40;

/**
 * Ask as a researcher meets it (issue 36): the topic page open, the worker stopped (a fresh worker life,
 * as after Chrome stops an idle worker), then a free question typed and submitted; once per question, each
 * with the worker stopped before it is typed. Two clocks: `page`, the page's own, from the Enter key's keydown to the first frame after
 * `[data-ask-answer]` is in the document (the extractive answer: worker start, search, papers read,
 * sentences chosen, drawn); `seen`, Playwright's, from before the key press until its wait for the selector
 * returns, which adds the DevTools round trips and its polling (measured 2026-12-06: 300-600 ms more under
 * load 4-8, see ask-trace.ts).
 */
export async function askPageTimes(
  ext: Extension,
  page: Page,
  topicId: string,
): Promise<{ page: number[]; seen: number[] }> {
  const out = { page: [] as number[], seen: [] as number[] };
  for (const question of QUESTIONS) {
    await page.goto(ext.url(`topic.html?id=${encodeURIComponent(topicId)}`));
    await page.waitForSelector('[data-ask] input');
    await stopWorkers(ext, page);
    // Typed as a person types: the page wakes the stopped worker at the first key (ask-topic.tsx useWake).
    await page.locator('[data-ask] input').pressSequentially(question, { delay: TYPING_MS });
    await page.evaluate(watchAnswer);
    const t = performance.now();
    await page.press('[data-ask] input', 'Enter');
    await page.waitForSelector('[data-ask-answer]');
    out.seen.push(performance.now() - t);
    out.page.push(
      await page
        .waitForFunction(() => (window as unknown as { ppAskTime?: number }).ppAskTime)
        .then(async (h) => (await h.jsonValue()) as number),
    );
  }
  return out;
}

/** In the page: the time from Enter's keydown to the first frame with the answer, as `window.ppAskTime`. */
function watchAnswer() {
  // No named inner functions: tsx wraps them in a helper the page does not have.
  const w = window as unknown as { ppAskTime?: number; ppAsked?: number };
  w.ppAskTime = undefined;
  w.ppAsked = undefined;
  document.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Enter' && w.ppAsked === undefined) w.ppAsked = performance.now();
    },
    { capture: true },
  );
  new MutationObserver((_, observer) => {
    if (w.ppAsked === undefined || !document.querySelector('[data-ask-answer]')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      w.ppAskTime = performance.now() - w.ppAsked!;
    });
  }).observe(document.body, { childList: true, subtree: true });
}

async function stopWorkers(ext: Extension, page: Page) {
  const cdp = await ext.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}
