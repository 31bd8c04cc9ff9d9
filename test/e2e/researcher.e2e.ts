import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureClock, installFakeArxiv, momentumFixture, syntheticPapers } from './fake-arxiv';
import {
  ask,
  type Extension,
  type IndexStatus,
  launchExtension,
  saveScreenshot,
  TopicPageObject,
  waitForFill,
} from './harness';
import { ABS_PAPERS, servePages, URLS } from './inpage-pages';

const DAY = 86_400_000;

/** The ids listed on saved.html, as the page shows them. */
async function savedIds(ext: Extension): Promise<string[]> {
  const page = await ext.context.newPage();
  await page.goto(ext.url('saved.html'));
  await page.locator('[data-saved-summary]').waitFor();
  const ids = await page
    .locator('[data-saved-arxiv-id]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-saved-arxiv-id')!));
  await page.close();
  return ids;
}

describe('researcher pages in Chromium: search, topic tree, compare, mutes, authors, sharing, saved papers', () => {
  let ext: Extension;
  const { end, T } = fixtureClock();

  beforeAll(async () => {
    ext = await launchExtension();
    await installFakeArxiv(ext.context, syntheticPapers(end, 84, 4, momentumFixture(T)));
    await servePages(ext.context);
    await waitForFill(ext);
  }, 120_000);
  afterAll(async () => {
    await ext?.close();
  });

  it('searches the whole index from the popup: ranked results with data-arxiv-id, topic tags, a topic filter', async () => {
    const popup = await ext.context.newPage();
    await popup.setViewportSize({ width: 420, height: 600 });
    await popup.goto(ext.url('popup.html'));
    await popup.getByRole('searchbox', { name: 'Search papers in the index' }).fill('agentic reinforcement');
    const [page] = await Promise.all([ext.context.waitForEvent('page'), popup.keyboard.press('Enter')]);
    await page.waitForURL(/search\.html\?q=agentic\+reinforcement/);
    const results = page.locator('[data-arxiv-id]');
    await expect.poll(() => results.count(), { timeout: 20_000 }).toBe(20);
    expect(await page.locator('[data-search-summary]').textContent()).toMatch(
      /^35 papers match “agentic reinforcement”, best first \(searched [\d,]+ papers\)\.$/,
    );
    expect(await results.first().locator('[data-topic-tag="agentic-rl"]').count()).toBe(1);
    // Straight from a URL, with a date bound (whole UTC days): the 28 papers of the last four weeks, or 29
    // when the bound day also holds the newest of the four weeks before.
    const from = new Date(T - 28 * DAY + 1).toISOString().slice(0, 10);
    await page.goto(ext.url(`search.html?q=agentic&from=${from}`));
    await expect
      .poll(() => page.locator('[data-search-summary]').textContent())
      .toMatch(/^2[89] papers match/);
    await page.locator('[data-search-topic]').selectOption('agentic-rl');
    await expect.poll(() => page.url()).toContain('topic=agentic-rl');
    await saveScreenshot(page, 'search-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, 'search-dark');
    await page.close();
    await popup.close();
  });

  it('browses the whole pack as a tree, finds a topic by alias, and compares topics from a topic page', async () => {
    const page = await ext.context.newPage();
    await page.goto(ext.url('topics.html'));
    const tree = await ask<{ topics: { id: string }[] }>(page, 'topics.tree');
    await expect.poll(() => page.locator('[data-topic-id]').count()).toBe(tree.topics.length);
    expect(tree.topics.length).toBeGreaterThan(600);
    const agentic = page.locator('[data-topic-id="agentic-rl"]');
    expect(await agentic.locator('[data-momentum]').first().getAttribute('data-momentum')).toBe('rising');
    expect(
      await page.locator('[data-topic-id="reinforcement-learning"] [data-topic-id="agentic-rl"]').count(),
    ).toBe(1);
    // Issue 34: the busiest topics first, by name on request, and a count of one is "1 paper". A root's
    // own row comes before its subtopics, so its first count and link are its own.
    const roots = page.locator('#pp-tree-heading ~ ul.pp-tree > li');
    const counts = await roots.evaluateAll((lis) =>
      lis.map((li) =>
        Number(
          li
            .querySelector('[data-tree-count]')!
            .textContent!.replace(/,/g, '')
            .replace(/[^\d].*$/, ''),
        ),
      ),
    );
    expect(counts.length).toBeGreaterThan(10);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(counts.at(-1)!);
    expect(await page.locator('[data-tree-count]', { hasText: /^1 papers/ }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name');
    await expect
      .poll(async () => {
        const names = await roots.evaluateAll((lis) => lis.map((li) => li.querySelector('a')!.textContent!));
        return names.every((n, i) => i === 0 || names[i - 1]!.localeCompare(n) <= 0);
      })
      .toBe(true);
    await page.getByRole('searchbox', { name: 'Find a topic by name or alias' }).fill('multi-turn rl');
    await expect.poll(() => agentic.isVisible()).toBe(true);
    expect(await page.locator('[data-topic-id]').count()).toBeLessThan(20);
    await page.close();

    // From the topic page: "Compare with…" opens the tree with the topic ticked; tick one more.
    const topic = await TopicPageObject.open(ext, 'agentic-rl');
    await topic.page.locator('[data-neighbours="siblings"]').waitFor();
    await topic.page.locator('[data-compare-with]').click();
    await topic.page.waitForURL(/topics\.html\?compare=agentic-rl/);
    await topic.page.getByRole('searchbox', { name: 'Find a topic by name or alias' }).fill('llm agents');
    await topic.page.getByRole('checkbox', { name: 'Compare LLM Agents', exact: true }).check();
    const chart = topic.page.locator('[data-compare-chart]');
    await chart.waitFor();
    expect(await chart.locator('[data-series]').count()).toBe(2);
    await expect.poll(() => topic.page.url()).toContain('compare=agentic-rl,llm-agents');
    await chart.scrollIntoViewIfNeeded();
    await saveScreenshot(topic.page, 'topics-compare-light');
    await topic.page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(topic.page, 'topics-compare-dark');
    await topic.page.close();
  });

  it('mutes a topic on its page, lists it in the options, and unmutes it there', async () => {
    const topic = await TopicPageObject.open(ext, 'llm-agents');
    await topic.page.getByRole('button', { name: 'Mute LLM Agents' }).click();
    await expect
      .poll(() => topic.page.getByRole('button', { name: 'Unmute LLM Agents' }).getAttribute('aria-pressed'))
      .toBe('true');
    const options = await ext.context.newPage();
    await options.goto(ext.url('options.html#muted-topics'));
    const row = options.locator('[data-muted-topic-id="llm-agents"]');
    await row.waitFor();
    await saveScreenshot(options, 'options-muted-light');
    await row.getByRole('button', { name: 'Unmute LLM Agents' }).press('Enter');
    await options.locator('[data-no-mutes]').waitFor();
    expect((await ask<{ topics: unknown[] }>(options, 'mutes.list')).topics).toEqual([]);
    await options.close();
    await topic.page.close();
  });

  it('follows an author from a paper on a topic page; the popup lists them as a followed topic', async () => {
    const topic = await TopicPageObject.open(ext, 'agentic-rl');
    const first = topic.papers().first();
    await first.waitFor();
    await first.locator('.pp-follow-authors summary').click();
    await first.getByRole('button', { name: 'Follow Ada Lovelace' }).click();
    await first.getByRole('link', { name: 'Following: their papers' }).waitFor();
    const popup = await ext.context.newPage();
    await popup.goto(ext.url('popup.html'));
    const row = popup.locator('[data-followed-topic-id="user-ada-lovelace"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('Ada Lovelace');
    await popup.close();
    await topic.page.close();
  });

  it('shares a custom topic as text that “Add topic” accepts when pasted', async () => {
    const page = await ext.context.newPage();
    await page.goto(ext.url('options.html#custom-topics'));
    await ask(page, 'userTopics.save', {
      name: 'Robot world models',
      query: 'cat:cs.RO AND abs:"world model"',
    });
    await page.reload();
    await page.getByRole('button', { name: 'Share Robot world models' }).click();
    await page.getByText('Copied: paste it into “Add topic”.').waitFor();
    // The copied text reaches "Add topic" through a real paste (Ctrl+V) from the browser's clipboard.
    await page.locator('[data-new-topic]').click();
    await page.locator('[data-topic-query]').focus();
    await page.keyboard.press('Control+V');
    await expect.poll(() => page.locator('[data-topic-name]').inputValue()).toBe('Robot world models');
    expect(await page.locator('[data-topic-query]').inputValue()).toBe('cat:cs.RO AND abs:"world model"');
    await page.close();
  });

  it('shows a longer view of a topic, 26 or 52 weeks, when opened', async () => {
    const topic = await TopicPageObject.open(ext, 'agentic-rl');
    await topic.bars().first().waitFor();
    expect(await topic.bars().count()).toBe(12); // the page's own chart; the longer one waits until asked
    await topic.page.getByText('Longer view: 12, 26 or 52 weeks').click();
    const longer = topic.page.locator('[data-longer-view] .pp-bars > li');
    await expect.poll(() => longer.count()).toBe(26);
    await topic.page.locator('[data-longer-weeks]').selectOption('52');
    await expect.poll(() => longer.count()).toBe(52);
    expect(await topic.page.locator('[data-longer-note]').textContent()).toContain('keeps 12 weeks');
    await topic.page.close();
  });

  it('saves a paper from a chip’s card on arXiv with a real click, never from the page’s own script', async () => {
    const paper = ABS_PAPERS[0]!;
    const page = await ext.context.newPage();
    await page.goto(URLS.abs(paper));
    const chip = page.locator('paper-pulse [data-topic-id]').first();
    await chip.waitFor();
    await chip.hover();
    const save = page.locator('paper-pulse [role="dialog"] [data-action="save"]');
    await save.waitFor();
    await expect.poll(() => save.getAttribute('aria-disabled')).toBe('false');
    expect(await save.getAttribute('aria-pressed')).toBe('false');

    // The page's script reaches into the open shadow root and clicks: nothing is saved.
    await page.evaluate(() => {
      const button = document
        .querySelector('paper-pulse')!
        .shadowRoot!.querySelector<HTMLButtonElement>('[data-action="save"]')!;
      button.click();
      button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    await page.waitForTimeout(300);
    expect(await savedIds(ext)).toEqual([]);

    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    expect(await savedIds(ext)).toEqual([paper.id]);
    await page.close();
  });

  it('saves from a topic page, marks read, filters, exports BibTeX, and survives an index reset', async () => {
    const topic = await TopicPageObject.open(ext, 'agentic-rl');
    const first = topic.papers().first();
    await first.waitFor();
    const id = (await first.getAttribute('data-paper-id'))!;
    const button = first.locator('[data-action="save"]');
    await expect.poll(() => button.getAttribute('aria-disabled')).toBe(null);
    await button.focus();
    await topic.page.keyboard.press('Enter'); // keyboard works as well as a click
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');

    const page = await ext.context.newPage();
    await page.goto(ext.url('saved.html'));
    const item = page.locator(`[data-saved-arxiv-id="${id}"]`);
    await item.waitFor();
    expect(await page.locator('[data-saved-arxiv-id]').count()).toBe(2);
    await item.locator('[data-action="mark-read"]').click();
    await expect.poll(() => item.getAttribute('data-read')).toBe('true');
    await page.locator('[data-filter-state]').selectOption('unread');
    await expect.poll(() => page.locator('[data-saved-arxiv-id]').count()).toBe(1);
    await page.locator('[data-filter-state]').selectOption('read');
    await expect.poll(() => page.locator('[data-saved-arxiv-id]').count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-export="bib"]').click(),
    ]);
    expect(download.suggestedFilename()).toBe('paperpulse-saved.bib');
    const bib = readFileSync((await download.path())!, 'utf8');
    expect(bib).toMatch(/^@misc\{[a-z0-9]+,\n {6}title=\{.+\}, \n {6}author=\{.+\},\n {6}year=\{\d{4}\},\n/);
    expect(bib).toContain(`      eprint={${id}},\n      archivePrefix={arXiv},\n`);
    expect(bib).toContain(`      url={https://arxiv.org/abs/${id}}, \n}`);

    await page.locator('[data-filter-state]').selectOption('all');
    await saveScreenshot(page, 'saved-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, 'saved-dark');

    // The index is emptied (arXiv down, so it stays empty): the reading list keeps both papers.
    await ext.context.route('https://export.arxiv.org/**', (route) => route.abort());
    await ask(page, 'index.reset');
    expect((await ask<IndexStatus>(page, 'status.get')).papers).toBe(0);
    expect((await savedIds(ext)).sort()).toEqual([ABS_PAPERS[0]!.id, id].sort());
    await page.close();
    await topic.page.close();
  });
});
