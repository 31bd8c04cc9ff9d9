import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExactItems, recount, topCounts } from './ask-checks';
import { type AskTruth, askFixture, fixtureClock, installFakeArxiv, syntheticPapers } from './fake-arxiv';
import { ask, type Extension, launchExtension, saveScreenshot, waitForFill } from './harness';
import { ABS_PAPERS, servePages, URLS } from './inpage-pages';

type TopicPapers = {
  total: number;
  papers: { id: string; authors: string[]; published: number; topics: { id: string; name: string }[] }[];
};

function shownItems(page: Page, section = 0) {
  return page.evaluate(readExactItems, section);
}

describe('Ask about this topic, in Chromium', () => {
  let ext: Extension;
  const { end, T } = fixtureClock();
  const { papers: askPapers, truth } = askFixture(T);
  let topic: TopicPapers;

  beforeAll(async () => {
    ext = await launchExtension();
    await installFakeArxiv(ext.context, syntheticPapers(end, 84, 2, askPapers));
    await servePages(ext.context);
    await waitForFill(ext);
  });
  afterAll(async () => {
    await ext?.close();
  });

  async function openAsk(question: string, mode: string): Promise<Page> {
    const page = await ext.context.newPage();
    await page.goto(ext.url(`topic.html?id=agentic-rl&ask=${encodeURIComponent(question)}`));
    await page.locator(`[data-ask-answer][data-ask-mode="${mode}"]`).waitFor({ timeout: 15_000 });
    topic ??= await ask<TopicPapers>(page, 'topic.get', { id: 'agentic-rl', limit: 100 });
    return page;
  }
  const of = (id: string): AskTruth => truth.get(id)!;

  it('answers the exact questions from counts equal to a recount of the topic’s papers', async () => {
    const page = await openAsk('Who is most active?', 'exact');
    const ids = topic.papers.map((p) => p.id);
    expect(new Set(ids)).toEqual(new Set(truth.keys()));
    const authors = recount(ids, (id) => topic.papers.find((p) => p.id === id)!.authors);
    const shown = await shownItems(page);
    expect(shown.map((i) => i.count)).toEqual(topCounts(authors));
    for (const item of shown) expect(item.papers).toEqual(authors.get(item.label));

    // The suggested questions, clicked: methods and benchmarks against what each paper was written with.
    await page.getByRole('button', { name: 'Which methods?' }).click();
    await expect.poll(() => page.locator('[data-ask-answer] h3').textContent()).toBe('Methods');
    const methods = recount(ids, (id) => of(id).methods);
    const shownMethods = await shownItems(page);
    expect(new Map(shownMethods.map((i) => [i.label.split(' (')[0], i.papers]))).toEqual(methods);
    await page.getByRole('button', { name: 'Which benchmarks and datasets?' }).click();
    await expect
      .poll(() => page.locator('[data-ask-answer] h3').textContent())
      .toBe('Benchmarks and datasets');
    const benchmarks = recount(ids, (id) => of(id).benchmarks);
    expect(new Map((await shownItems(page)).map((i) => [i.label, i.papers]))).toEqual(benchmarks);

    await page.getByRole('button', { name: "What's new in the last four weeks?" }).click();
    await expect
      .poll(() => page.locator('[data-ask-answer] h3').first().textContent())
      .toBe('Papers in the last four weeks');
    const recent = topic.papers
      .filter((p) => p.published > T - 28 * 86_400_000 && p.published <= T)
      .map((p) => p.id);
    const windows = (await shownItems(page))[0]!;
    expect(windows.count).toBe(recent.length);
    expect(windows.papers).toEqual([...recent].sort());

    // "How does it relate to X", typed in the box, X a topic some of these papers also have.
    const other = topic.papers
      .flatMap((p) => p.topics)
      .find((t) => t.id !== 'agentic-rl' && !t.id.startsWith('cs.'))!;
    const both = topic.papers
      .filter((p) => p.topics.some((t) => t.id === other.id))
      .map((p) => p.id)
      .sort();
    await page.locator('form[data-ask] input[name="question"]').fill(`How does it relate to ${other.name}?`);
    await page.locator('form[data-ask] input[name="question"]').press('Enter');
    await expect
      .poll(() => page.locator('[data-ask-answer] h3').textContent())
      .toBe(`Also tagged ${other.name}`);
    expect((await shownItems(page))[0]).toMatchObject({ count: both.length, papers: both });
    await saveScreenshot(page, 'ask-exact');
    await page.close();
  });

  it('answers a free question with the papers’ own sentences, each cited; says so when they do not answer', async () => {
    const page = await openAsk('how is credit assigned to each tool call over long horizons?', 'extractive');
    const cited = await page
      .locator('[data-ask-answer] [data-arxiv-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-arxiv-id')!));
    expect(cited.length).toBeGreaterThan(0);
    // Every cited paper is one written with the credit-assignment claim, and the answer quotes it.
    for (const id of cited) expect(of(id).claim).toBe(0);
    expect(await page.locator('[data-ask-answer] blockquote').first().textContent()).toContain(
      'Turn-level credit assignment',
    );
    // Headless Chromium has no on-device model to write with: the page says what written answers need.
    await expect.poll(() => page.locator('[data-model-state]').textContent()).toMatch(/on-device model/);
    await saveScreenshot(page, 'ask-extractive');

    await page
      .locator('form[data-ask] input[name="question"]')
      .fill('does the recipe for baking sourdough bread matter?');
    await page.locator('form[data-ask] input[name="question"]').press('Enter');
    await expect
      .poll(() => page.locator('[data-ask-answer]').textContent())
      .toBe("These papers don't answer that.");
    await page.close();
  });

  it('opens the topic page’s Ask from a chip’s card, the question box focused', async () => {
    const page = await ext.context.newPage();
    await page.goto(URLS.abs(ABS_PAPERS[0]!));
    await page.locator('paper-pulse [data-topic-id="agentic-rl"]').focus();
    const opened = ext.context.waitForEvent('page');
    await page.locator('paper-pulse [role="dialog"] [data-action="ask"]').click();
    const topicPage = await opened;
    await topicPage.waitForLoadState();
    expect(topicPage.url()).toBe(ext.url('topic.html?id=agentic-rl&ask='));
    await expect
      .poll(() => topicPage.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('question');
    await topicPage.close();
    await page.close();
  });
});
