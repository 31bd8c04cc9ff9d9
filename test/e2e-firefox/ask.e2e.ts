import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExactItems, recount, topCounts } from '../e2e/ask-checks';
import { answerQuery, askFixture, emergingFixture, fixtureClock, syntheticPapers } from '../e2e/fake-arxiv';
import type { FakeResponse } from './fake-web';
import { ask, FIREFOX_BUILDS, type FirefoxExtension, launchFirefox } from './harness';

type TopicPapers = { papers: { id: string; authors: string[]; published: number }[] };

/** Waits for an answer of `mode` whose first heading (exact) or text is `expected`. */
async function answerOf(page: Page, mode: string, heading?: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          (m, h) => {
            const answer = document.querySelector(`[data-ask-answer][data-ask-mode="${m}"]`);
            return answer !== null && (h === null || answer.querySelector('h3')?.textContent === h);
          },
          mode,
          heading ?? null,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function askTyped(page: Page, question: string): Promise<void> {
  await page.evaluate((q) => {
    const input = document.querySelector<HTMLInputElement>('form[data-ask] input[name="question"]')!;
    input.focus();
    input.value = q;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, question);
  await page.keyboard.press('Enter');
}

describe.each(FIREFOX_BUILDS)('Ask about this topic in Firefox ESR, %s build', (build) => {
  let ff: FirefoxExtension;
  const { end, T } = fixtureClock();
  const { papers: askPapers, truth } = askFixture(T);
  // ZSA (ids 2609.47xxx) rises in cs.CL: "Rising inside this topic" on its page.
  const papers = syntheticPapers(end, 84, 2, [...askPapers, ...emergingFixture(T)]);

  function respond(url: URL): FakeResponse | undefined {
    if (url.host === 'export.arxiv.org' && url.pathname === '/api/query')
      return { type: 'application/atom+xml', body: answerQuery(papers, url) };
    return undefined;
  }

  beforeAll(async () => {
    ff = await launchFirefox(build, respond);
    const popup = await ff.openExtensionPage('popup.html');
    // expect.poll is for tests only: the fill is waited for by hand.
    for (let waited = 0; ; waited += 1000) {
      const status = await ask<{ running: boolean; progress: number }>(popup, 'status.get');
      if (!status.running && status.progress === 1) break;
      if (waited > 80_000) throw new Error(`The index did not fill: ${JSON.stringify(status)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await popup.close();
  }, 100_000);
  afterAll(async () => {
    await ff?.close();
  });

  it('answers the exact questions from counts equal to a recount, and a free question from the papers’ sentences', async () => {
    const page = await ff.openExtensionPage(
      `topic.html?id=agentic-rl&ask=${encodeURIComponent('Who is most active?')}`,
    );
    await answerOf(page, 'exact', 'Authors');
    const topic = await ask<TopicPapers>(page, 'topic.get', { id: 'agentic-rl', limit: 100 });
    const ids = topic.papers.map((p) => p.id);
    expect(new Set(ids)).toEqual(new Set(truth.keys()));
    const authors = recount(ids, (id) => topic.papers.find((p) => p.id === id)!.authors);
    const shown = await page.evaluate(readExactItems, 0);
    expect(shown.map((i) => i.count)).toEqual(topCounts(authors));
    for (const item of shown) expect(item.papers).toEqual(authors.get(item.label));

    await askTyped(page, 'Which methods?');
    await answerOf(page, 'exact', 'Methods');
    const methods = (await page.evaluate(readExactItems, 0)).map(
      (i) => [i.label.split(' (')[0]!, i.papers] as const,
    );
    expect(new Map(methods)).toEqual(recount(ids, (id) => truth.get(id)!.methods));

    await askTyped(page, 'Which benchmarks and datasets?');
    await answerOf(page, 'exact', 'Benchmarks and datasets');
    const benchmarks = (await page.evaluate(readExactItems, 0)).map((i) => [i.label, i.papers] as const);
    expect(new Map(benchmarks)).toEqual(recount(ids, (id) => truth.get(id)!.benchmarks));

    await askTyped(page, "What's new in the last four weeks?");
    await answerOf(page, 'exact', 'Papers in the last four weeks');
    const recent = topic.papers.filter((p) => p.published > T - 28 * 86_400_000 && p.published <= T);
    expect((await page.evaluate(readExactItems, 0))[0]!.count).toBe(recent.length);

    // Firefox has no on-device model: the extractive answer, and the line saying what written answers need.
    await askTyped(page, 'how is credit assigned to each tool call over long horizons?');
    await answerOf(page, 'extractive');
    const cited = await page.evaluate(() =>
      [...document.querySelectorAll('[data-ask-answer] [data-arxiv-id]')].map(
        (e) => e.getAttribute('data-arxiv-id')!,
      ),
    );
    expect(cited.length).toBeGreaterThan(0);
    for (const id of cited) expect(truth.get(id)!.claim).toBe(0);
    const status = await page.evaluate(() => document.querySelector('[data-model-state]')?.textContent ?? '');
    expect(status).toMatch(/Written answers need Chrome's on-device model/);

    await askTyped(page, 'does the recipe for baking sourdough bread matter?');
    await expect
      .poll(() => page.evaluate(() => document.querySelector('[data-ask-answer]')?.textContent))
      .toBe("These papers don't answer that.");
    await page.close();
  });

  it('shows on cs.CL’s topic page the phrase rising inside it, its papers one click away', async () => {
    const page = await ff.openExtensionPage('topic.html?id=cs.CL');
    const summary = () =>
      page.evaluate(
        () =>
          document.querySelector('[data-rising-inside] li[data-rising-key="zsa"] summary')?.textContent ?? '',
      );
    await expect
      .poll(summary, { timeout: 30_000 })
      .toMatch(/^Zebra Sparse Attention \(ZSA\): 10 papers in the last 4 weeks, 0 in the [78] before/);
    await page.click('[data-rising-inside] li[data-rising-key="zsa"] summary');
    const ids = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          '[data-rising-inside] li[data-rising-key="zsa"] [data-paper-id], [data-rising-inside] li[data-rising-key="zsa"] a[data-arxiv-id]',
        ),
      ]
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => e.getAttribute('data-paper-id') ?? e.getAttribute('data-arxiv-id')),
    );
    expect(ids.sort()).toEqual(
      emergingFixture(T)
        .map((p) => p.id)
        .sort(),
    );
    await page.close();
  });
});
