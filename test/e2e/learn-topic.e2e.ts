import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arxivListingPage } from '../fixtures/e2e/pages/arxiv-listing-page';
import {
  agenticPaper,
  announcedAt,
  cellularAutomataPapers,
  type FakeArxiv,
  type FakePaper,
  fixtureClock,
  installFakeArxiv,
  scorerOnlyPaper,
  syntheticPapers,
} from './fake-arxiv';
import {
  ask,
  type Extension,
  type IndexStatus,
  launchExtension,
  PopupPage,
  saveScreenshot,
  TopicPageObject,
  waitForFill,
  waitForIndex,
} from './harness';

describe('a topic learned from papers, in Chromium', () => {
  let ext: Extension;
  let arxiv: FakeArxiv;
  const { end } = fixtureClock();
  const niche = cellularAutomataPapers(end);
  const growth = niche.filter((p) => !p.title.includes('Texture'));
  const texture = niche.filter((p) => p.title.includes('Texture'));
  const agentic = Array.from({ length: 5 }, (_, i) => agenticPaper(i, end - i * 3_600_000));

  beforeAll(async () => {
    ext = await launchExtension();
    arxiv = await installFakeArxiv(ext.context, syntheticPapers(end, 40, 4, [...niche, ...agentic]));
    await waitForFill(ext);
  }, 120_000);
  afterAll(async () => {
    await ext?.close();
  });

  it('pasted ids -> learned query -> "not this" -> Save & follow; its new papers are counted in the popup', async () => {
    const page = await ext.context.newPage();
    await page.goto(ext.url('options.html#learn-topic'));
    await page.locator('[data-learn-ids]').fill(
      growth
        .slice(0, 3)
        .map((p) => `arXiv:${p.id}`)
        .join('\n'),
    );
    await page.locator('[data-learn-submit]').click();
    const query = page.locator('[data-learn-query]');
    await expect.poll(() => query.inputValue(), { timeout: 20_000 }).toMatch(/automata/i);
    const match = (id: string) => page.locator(`[data-learn-match="${id}"]`);
    await expect.poll(() => match(texture[0]!.id).count()).toBe(1);

    // Two textures marked "not this": each re-learns, and the third texture paper goes too.
    for (const paper of texture.slice(0, 2)) {
      await page.locator(`[data-not-this="${paper.id}"]`).click();
      await expect.poll(() => match(paper.id).count(), { timeout: 20_000 }).toBe(0);
    }
    await expect.poll(() => query.inputValue()).toContain('ANDNOT');
    // The rows are the matches not yet taught: the other growth papers with their marks, no example.
    for (const paper of growth.slice(3)) await expect.poll(() => match(paper.id).count()).toBe(1);
    for (const paper of growth.slice(0, 3)) expect(await match(paper.id).count()).toBe(0);
    await expect.poll(() => page.locator(`[data-yes-this="${growth[3]!.id}"]`).count()).toBe(1);
    await expect.poll(() => page.locator('[data-learn-count]').textContent()).toMatch(/^6 papers/);
    await saveScreenshot(page, 'options-learn-topic');

    await page.locator('[data-learn-name]').fill('Growing cellular automata');
    await page.locator('[data-learn-save]').click();
    await expect
      .poll(() => page.locator('[data-learn-saved]').textContent())
      .toContain('Saved and following');
    const id = 'user-growing-cellular-automata';
    await expect.poll(() => page.locator(`[data-user-topic-id="${id}"]`).count()).toBe(1);

    // Two new papers of the niche arrive; the popup counts them on the learned topic.
    const popup = await PopupPage.open(ext);
    await expect.poll(() => popup.followedRow(id).count(), { timeout: 20_000 }).toBe(1);
    const before = (await ask<IndexStatus>(popup.page, 'status.get')).lastCompleteAt ?? 0;
    const fresh = [0, 1].map((i) => ({
      ...growth[i]!,
      id: `2609.${41000 + i}`,
      title: `${growth[i]!.title} revisited`,
      published: announcedAt(end, i),
    }));
    arxiv.papers.push(...fresh);
    await popup.refreshNow();
    await waitForIndex(popup.page, before);
    await popup.reopen();
    await expect.poll(() => popup.newCount(id), { timeout: 20_000 }).toBe(2);
  });

  it('papers selected on a topic page -> "Learn a topic from these" -> followed and counted in the popup', async () => {
    const topic = await TopicPageObject.open(ext, 'cs.LG');
    for (const paper of growth.slice(3, 6)) {
      await topic.page.locator(`[data-select-paper="${paper.id}"]`).check();
    }
    await topic.page.locator('[data-learn-from-selected]').click();
    await topic.page.waitForURL(/options\.html\?learn=/);
    const page = topic.page;
    const query = page.locator('[data-learn-query]');
    await expect.poll(() => query.inputValue(), { timeout: 20_000 }).toMatch(/automata/i);
    await page.locator('[data-learn-name]').fill('Selected automata');
    await page.locator('[data-learn-save]').click();
    await expect
      .poll(() => page.locator('[data-learn-saved]').textContent())
      .toContain('Saved and following');
    const id = 'user-selected-automata';

    const popup = await PopupPage.open(ext);
    await expect.poll(() => popup.followedRow(id).count(), { timeout: 20_000 }).toBe(1);
    const before = (await ask<IndexStatus>(popup.page, 'status.get')).lastCompleteAt ?? 0;
    arxiv.papers.push({
      ...growth[2]!,
      id: '2609.41010',
      title: 'Neural cellular automata that heal',
      published: announcedAt(end, 2),
    });
    await popup.refreshNow();
    await waitForIndex(popup.page, before);
    await popup.reopen();
    await expect.poll(() => popup.newCount(id), { timeout: 20_000 }).toBe(1);
    await saveScreenshot(popup.page, 'popup-learned-topic');
  });

  it('papers picked on an arXiv listing ("Use as an example" in their chips\' cards) -> learned on the options page', async () => {
    const listed = (p: FakePaper) => ({ ...p, published: new Date(p.published).toISOString() });
    await ext.context.route('https://arxiv.org/list/cs.LG/new', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: arxivListingPage(niche.map(listed), 'cs.LG'),
      }),
    );
    const page = await ext.context.newPage();
    await page.goto('https://arxiv.org/list/cs.LG/new');
    const picked = growth.slice(0, 2);
    for (const paper of picked) {
      const host = page.locator(`paper-pulse[data-arxiv-id="${paper.id}"]`);
      // Keyboard focus opens the card and keeps it open while the pointer moves into it.
      await host.locator('[data-topic-id]').first().focus({ timeout: 20_000 });
      const card = host.locator('[role="dialog"]');
      await card.locator('[data-action="example"]').click();
      await expect
        .poll(() => card.locator('[data-action="example"]').getAttribute('aria-pressed'))
        .toBe('true');
    }
    const bar = page.locator('[data-pp-bar] [data-learn-examples]');
    await expect.poll(() => bar.getAttribute('data-learn-examples')).toBe('2');
    const [options] = await Promise.all([
      ext.context.waitForEvent('page'),
      bar.locator('[data-action="learn"]').click(),
    ]);
    await options.waitForURL(/options\.html\?learn=/);
    expect(options.url()).toContain(`learn=${picked.map((p) => p.id).join(',')}`);
    await expect
      .poll(() => options.locator('[data-learn-query]').inputValue(), { timeout: 20_000 })
      .toMatch(/automata/i);
    await saveScreenshot(page, 'inpage-listing-examples');
  });

  it('examples that are a pack topic say so and follow it in one click (issue 37 item 4)', async () => {
    const page = await ext.context.newPage();
    await page.goto(ext.url('options.html#learn-topic'));
    await page.locator('[data-learn-ids]').fill(agentic.map((p) => p.id).join(' '));
    await page.locator('[data-learn-submit]').click();
    const offer = page.locator('[data-learn-pack-topic="agentic-rl"]');
    await expect
      .poll(() => offer.textContent(), { timeout: 30_000 })
      .toContain('These papers are Agentic RL');
    // The query learned from them is narrower than the topic: offered beside it, not instead of it.
    await expect.poll(() => page.locator('[data-learned-topic]').count()).toBe(1);
    await page.locator('[data-follow-pack-topic="agentic-rl"]').click();
    await expect.poll(() => page.locator('[data-learn-pack-followed]').textContent()).toContain('Following');
    const popup = await PopupPage.open(ext);
    await expect.poll(() => popup.followedRow('agentic-rl').count(), { timeout: 20_000 }).toBe(1);
  });
});

describe('a topic learned with its scorer, in Chromium (issue 37 item 3)', () => {
  let ext: Extension;
  const { end } = fixtureClock();
  const growth = cellularAutomataPapers(end, 3, 0);
  const only = scorerOnlyPaper(end);

  beforeAll(async () => {
    ext = await launchExtension();
    // An index large enough (880 papers) to place a scorer's thresholds.
    await installFakeArxiv(ext.context, syntheticPapers(end, 40, 22, [...growth, only]));
    await waitForFill(ext);
  }, 180_000);
  afterAll(async () => {
    await ext?.close();
  });

  it('labels matches of the query and of the scorer alone; the query stays editable; Save keeps the scorer', async () => {
    const page = await ext.context.newPage();
    await page.goto(ext.url('options.html#learn-topic'));
    await page.locator('[data-learn-ids]').fill(growth.map((p) => p.id).join('\n'));
    await page.locator('[data-learn-submit]').click();
    const query = page.locator('[data-learn-query]');
    await expect.poll(() => query.inputValue(), { timeout: 30_000 }).toMatch(/automata/i);
    const learned = await query.inputValue();
    const label = (id: string) => page.locator(`[data-learn-match="${id}"] [data-matched-by]`);
    await expect
      .poll(() => label(only.id).getAttribute('data-matched-by'), { timeout: 20_000 })
      .toBe('scorer');
    // The examples are not rows (the preview lists what can be marked); a query match is labelled below.
    expect(await page.locator(`[data-learn-match="${growth[0]!.id}"]`).count()).toBe(0);
    await expect.poll(() => page.locator('[data-learn-scorer]').count()).toBe(1);
    await saveScreenshot(page, 'options-learn-topic-scorer');

    // Edited so the query names the paper's words: the query finds it now.
    await query.fill(`${learned} OR "seed cell"`);
    await expect
      .poll(() => label(only.id).getAttribute('data-matched-by'), { timeout: 20_000 })
      .toBe('query');
    await query.fill(learned);
    await expect
      .poll(() => label(only.id).getAttribute('data-matched-by'), { timeout: 20_000 })
      .toBe('scorer');

    await page.locator('[data-learn-name]').fill('Scored automata');
    await page.locator('[data-learn-save]').click();
    await expect
      .poll(() => page.locator('[data-learn-saved]').textContent())
      .toContain('Saved and following');
    // Saved with its scorer: the topic page lists the paper only the scorer matches.
    const topic = await TopicPageObject.open(ext, 'user-scored-automata');
    await expect
      .poll(() => topic.page.locator(`[data-paper-id="${only.id}"]`).count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => topic.papers().count()).toBe(4);
  });
});
