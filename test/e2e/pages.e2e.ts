import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agenticPaper,
  announcedAt,
  type FakeArxiv,
  fixtureClock,
  installFakeArxiv,
  momentumFixture,
  syntheticPapers,
} from './fake-arxiv';
import {
  ask,
  type Extension,
  type IndexStatus,
  launchExtension,
  OptionsPage,
  PopupPage,
  saveScreenshot,
  TopicPageObject,
  waitForFill,
  waitForIndex,
} from './harness';

const FIXTURES = resolve('test/fixtures/pages');

/** The toolbar badge as the browser shows it, read in the service worker. */
function badgeText(ext: Extension): Promise<string> {
  return ext.worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string> } } }
    ).chrome.action.getBadgeText({}),
  );
}

describe('popup, topic page and options page in Chromium', () => {
  let ext: Extension;
  let arxiv: FakeArxiv;
  const { end, T } = fixtureClock();
  const papers = syntheticPapers(end, 84, 5, momentumFixture(T));

  beforeAll(async () => {
    ext = await launchExtension();
    arxiv = await installFakeArxiv(ext.context, papers);
    await waitForFill(ext);
  }, 120_000);
  afterAll(async () => {
    await ext?.close();
  });

  it('popup: follow a topic, see its new papers counted, mark them seen; the toolbar badge follows', async () => {
    const popup = await PopupPage.open(ext);
    await expect
      .poll(() => popup.status().textContent())
      .toContain(`${papers.length.toLocaleString('en-US')} papers indexed`);
    await popup.follow('agentic', 'agentic-rl');
    await expect.poll(() => popup.newCount('agentic-rl')).toBe(0);
    expect(await badgeText(ext)).toBe('');

    // Three new papers are announced; a refresh brings them in.
    const before = (await ask<IndexStatus>(popup.page, 'status.get')).lastCompleteAt ?? 0;
    const fresh = [0, 1, 2].map((i) => agenticPaper(900 + i, announcedAt(end, i)));
    arxiv.papers.push(...fresh);
    await popup.refreshNow();
    await waitForIndex(popup.page, before);
    await popup.reopen();
    await expect.poll(() => popup.newCount('agentic-rl')).toBe(3);
    await expect.poll(() => badgeText(ext)).toBe('3');

    await popup.expand('agentic-rl');
    await expect.poll(() => popup.newPapers('agentic-rl').count()).toBe(3);
    const hrefs = await popup
      .newPapers('agentic-rl')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual(fresh.map((p) => `https://arxiv.org/abs/${p.id}`).sort());
    await saveScreenshot(popup.page, 'popup');
    await popup.page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(popup.page, 'popup-dark');
    await popup.page.emulateMedia({ colorScheme: 'light' });

    await popup.markSeen('agentic-rl');
    await expect.poll(() => popup.newCount('agentic-rl')).toBe(0);
    await expect.poll(() => badgeText(ext)).toBe('');
    await popup.reopen();
    await expect.poll(() => popup.newCount('agentic-rl')).toBe(0);

    // Nothing new (issue 34): the count says "0 new", not a bare 0; the open row offers no "Mark seen"; its
    // latest papers' dates and topics sit on their own line under each title, not run into it.
    const row = popup.followedRow('agentic-rl');
    expect(await row.locator('[data-new-label]').textContent()).toMatch(/^0 new\b/);
    await popup.expand('agentic-rl');
    await row.locator('[data-latest] [data-paper-meta]').first().waitFor();
    expect(await row.locator('[data-mark-seen]').count()).toBe(0);
    const first = row.locator('[data-latest] li').first();
    const title = (await first.locator('a').first().boundingBox())!;
    const meta = (await first.locator('[data-paper-meta]').boundingBox())!;
    expect(meta.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
  });

  it('topic page: weekly chart, papers newest first, paging, ask, tags that navigate', async () => {
    const topic = await TopicPageObject.open(ext, 'agentic-rl');
    await expect.poll(() => topic.heading().textContent()).toContain('Agentic RL');
    await expect(topic.momentumSentence().textContent()).resolves.toMatch(/papers in the last four weeks/);

    await expect.poll(() => topic.bars().count()).toBe(12);
    const labels = await topic
      .bars()
      .evaluateAll((bars) => bars.map((b) => b.querySelector('.pp-visually-hidden')?.textContent ?? ''));
    for (const label of labels) expect(label).toMatch(/^Week of [A-Z][a-z]{2} \d{1,2}: \d+ papers?/);
    const partial = await topic.bars().evaluateAll((bars) => bars.map((b) => b.hasAttribute('data-partial')));
    expect(partial.slice(0, 11).every((p) => !p)).toBe(true);
    const counts = await topic
      .bars()
      .evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('data-count'))));
    // The chart ends at the index's cut-off, the end of the newest complete day: today's 3 papers wait.
    expect(counts.reduce((a, b) => a + b, 0)).toBe(35);

    const total = 38; // 28 + 7 of the fixture, 3 announced in the popup test
    await expect.poll(() => topic.papers().count()).toBe(20);
    await expect(topic.pageRange().textContent()).resolves.toContain(`Papers 1–20 of ${total}`);

    // One set of totals: the sentence, the windows, the marked chart weeks and the list agree with the index.
    const index = await ask<{
      total: number;
      spans: { inChart: number; newer: number; older: number };
      summary: { momentum: { recent: number; previous: number } };
    }>(topic.page, 'topic.get', { id: 'agentic-rl', limit: 1 });
    expect(index.summary.momentum).toMatchObject({ recent: 28, previous: 7 });
    expect(index.spans).toEqual({ inChart: 35, newer: 3, older: 0 });
    expect(index.total).toBe(total);
    await expect(topic.momentumSentence().textContent()).resolves.toMatch(
      /^28 papers in the last four weeks, up 300% on the four weeks before\./,
    );
    const windows = await topic.page.locator('[data-windows]').textContent();
    expect(windows).toMatch(
      /Last four weeks: \w{3} \d+ – \w{3} \d+ \(28 papers\); the four weeks before: .*\(7 papers\)/,
    );
    const marked = await topic.page.locator('[data-recent-window]').count();
    expect(marked === 4 || marked === 5).toBe(true);
    await expect(topic.page.locator('[data-paper-spans]').textContent()).resolves.toMatch(
      /^35 in the chart's weeks \(through .+\), 3 newer, whose days are still coming in\.$/,
    );
    expect(await topic.page.locator('[data-after-cutoff]').count()).toBe(3);
    // Said once above the list (issue 34), not above each of the three newer papers.
    const notes = topic.page.locator('[data-after-cutoff-note]');
    expect(await notes.count()).toBe(1);
    expect(await notes.textContent()).toMatch(
      /^The first 3 below are newer than .+: not counted in the momentum yet\.$/,
    );
    const listText = await topic.page.locator('#pp-papers-heading ~ ol').first().textContent();
    expect(listText).not.toContain('not counted');
    // A paper shows its first six topics (and this page's own), the others behind "+N more".
    const tagsPerPaper = await topic
      .papers()
      .evaluateAll((papers) => papers.map((p) => p.querySelectorAll('[data-topic-tag]').length));
    expect(Math.max(...tagsPerPaper)).toBeLessThanOrEqual(7);
    const withMore = topic
      .papers()
      .filter({ has: topic.page.locator('[data-more-tags]') })
      .first();
    const paper = topic.page.locator(`[data-paper-id="${await withMore.getAttribute('data-paper-id')}"]`);
    const more = paper.locator('[data-more-tags]');
    const shown = await paper.locator('[data-topic-tag]').count();
    const hidden = Number((await more.textContent())!.match(/^\+(\d+) more$/)![1]);
    await more.click();
    await expect.poll(() => paper.locator('[data-topic-tag]').count()).toBe(shown + hidden);
    // The subtitle spells out the acronym of the name, rather than naming another topic.
    expect(await topic.page.locator('[data-expansion]').textContent()).toBe('Agentic Reinforcement Learning');
    // The box under each paper says what it is for, and a line above the list what ticking does.
    expect(await topic.page.locator('label:has([data-select-paper])').first().textContent()).toMatch(
      /^\s*Use as an example/,
    );
    expect(await topic.page.locator('[data-select-hint]').textContent()).toContain(
      'learn a topic of your own',
    );
    const dates = await topic.page
      .locator('.pp-paper time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect([...dates].sort().reverse()).toEqual(dates);
    await saveScreenshot(topic.page, 'topic-page');
    await topic.page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(topic.page, 'topic-page-dark');
    await topic.page.emulateMedia({ colorScheme: 'light' });

    await topic.olderPage();
    await expect.poll(() => topic.pageRange().textContent()).toContain(`Papers 21–${total} of ${total}`);
    expect(await topic.papers().count()).toBe(total - 20);
    await topic.newerPage();
    await expect.poll(() => topic.pageRange().textContent()).toContain('Papers 1–20');

    await topic.ask('group relative policy optimization');
    await expect.poll(() => topic.askCited().count()).toBeGreaterThan(0);
    expect(await topic.askAnswer().getAttribute('data-ask-mode')).toMatch(/^(extractive|model)$/);

    const tag = topic.tagLinks().first();
    const tagId = await tag.getAttribute('data-topic-tag');
    const tagName = await tag.textContent();
    expect(tagId).not.toBe('agentic-rl');
    await Promise.all([topic.page.waitForURL(`**/topic.html?id=${encodeURIComponent(tagId!)}`), tag.click()]);
    await expect.poll(() => topic.heading().textContent()).toContain(tagName!);
  });

  it('options: a custom topic with a bad then a good query; a bad then a good import', async () => {
    const options = await OptionsPage.open(ext);
    await expect.poll(() => options.status().textContent()).toContain('cs.AI');

    await options.newCustomTopic('Agentic RL (mine)');
    await options.typeQuery('abs:"agentic reinforcement');
    await expect.poll(() => options.queryError().count()).toBe(1);
    expect(await options.queryError().locator('pre').textContent()).toMatch(/\n *\^$/);
    await options.typeQuery('abs:"agentic reinforcement learning" AND cat:cs.LG');
    await expect.poll(() => options.queryError().count()).toBe(0);
    await expect.poll(() => options.queryPreview().textContent()).toMatch(/38 papers in your index match/);
    await options.saveCustomTopic();
    await expect.poll(() => options.customTopics().count()).toBe(1);
    await expect(options.customTopics().first().textContent()).resolves.toContain('Agentic RL (mine)');

    const followsBefore = await ask<{ follows: unknown[] }>(options.page, 'follows.list');
    await options.importFile({ name: 'notes.json', text: '{"format": "paperpulse-backup", "follows": [' });
    await expect
      .poll(() => options.importOutcome().textContent())
      .toMatch(/^Nothing was changed: The file is not valid JSON/);
    await options.importFile(resolve(FIXTURES, 'backup-bad.json'));
    await expect
      .poll(() => options.importOutcome().textContent())
      .toMatch(/^Nothing was changed: Not a valid PaperPulse export/);
    expect(await options.importPreview().count()).toBe(0);
    expect((await ask<{ follows: unknown[] }>(options.page, 'follows.list')).follows).toEqual(
      followsBefore.follows,
    );

    await options.importFile(resolve(FIXTURES, 'backup-good.json'));
    await expect.poll(() => options.importPreview().locator('li').count()).toBeGreaterThanOrEqual(4);
    await saveScreenshot(options.page, 'options-page');
    await options.page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(options.page, 'options-page-dark');
    await options.page.emulateMedia({ colorScheme: 'light' });
    await options.applyImport();
    await expect.poll(() => options.importOutcome().textContent()).toMatch(/^Imported backup-good\.json/);
    const follows = await ask<{ follows: { id: string }[] }>(options.page, 'follows.list');
    expect(follows.follows.map((f) => f.id).sort()).toEqual(['agentic-rl', 'llm-agents', 'world-models']);
    await expect.poll(() => options.customTopics().count()).toBe(2);
    await expect.poll(() => options.page.locator('#pp-refresh-hours').inputValue()).toBe('24');
  });
});
