import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeArxiv, installFakeArxiv, syntheticPapers } from './fake-arxiv';
import { ask, type Extension, launchExtension, PopupPage } from './harness';
import { ABS_PAPERS, servePages, URLS } from './inpage-pages';

/**
 * What the page around our UI can do to it. The shadow root is open (the DOM contract), so a page's own
 * scripts can find, focus and click our controls; none of that may follow, mute, track or open anything.
 * And a page that never stops changing must not keep the UI from following client-side navigation.
 */
describe('the in-page UI on pages that work against it, in Chromium', () => {
  let ext: Extension;
  let arxiv: FakeArxiv;
  let popup: PopupPage;

  beforeAll(async () => {
    ext = await launchExtension();
    arxiv = await installFakeArxiv(ext.context, syntheticPapers(Date.now() - 3_600_000, 84, 1));
    await servePages(ext.context);
    popup = await PopupPage.open(ext);
  });
  afterAll(async () => {
    await ext?.close();
  });

  const follows = async () =>
    (await ask<{ follows: { id: string }[] }>(popup.page, 'follows.list')).follows.map((f) => f.id);
  const categories = async () => (await ask<{ categories: string[] }>(popup.page, 'status.get')).categories;
  const summary = async (id: string) =>
    (await ask<{ summary: { followed: boolean; muted: boolean } }>(popup.page, 'topic.get', { id })).summary;
  const cvRequests = () => arxiv.requests.filter((r) => r.url.includes('cs.CV'));

  it('ignores a page script that focuses a chip and clicks or presses Enter on Follow, Mute, Track and Topic page', async () => {
    // A Gaussian-splatting paper in cs.CV: untracked by default, so its row offers "Track cs.CV".
    const paper = ABS_PAPERS[2]!;
    expect(paper.categories[0]).toBe('cs.CV');
    const page = await ext.context.newPage();
    await page.goto(URLS.abs(paper));
    await page.locator('paper-pulse [data-topic-id]').first().waitFor();
    await page.locator('paper-pulse [data-action="track"]').waitFor();
    const topicId = (await page
      .locator('paper-pulse [data-topic-id]')
      .first()
      .getAttribute('data-topic-id'))!;
    const pagesBefore = ext.context.pages().length;

    const pressed = await page.evaluate(pressEverything, topicId);
    // The attack reached every control (else this test would prove nothing).
    expect(pressed).toEqual(['follow', 'mute', 'topic-page', 'track']);
    await page.waitForTimeout(1500);

    expect(await follows()).toEqual([]);
    expect(await summary(topicId)).toMatchObject({ followed: false, muted: false });
    expect(await categories()).toEqual(['cs.AI', 'cs.LG', 'cs.CL']);
    expect(cvRequests()).toEqual([]);
    expect(ext.context.pages()).toHaveLength(pagesBefore);
    expect(await page.locator('paper-pulse [data-action="track"]').count()).toBe(1);

    // The user's own clicks (trusted input) still work.
    await page.locator(`paper-pulse [data-topic-id="${topicId}"]`).focus();
    const follow = page.locator('paper-pulse [role="dialog"] [data-action="follow"]');
    await follow.click();
    await expect.poll(() => follow.textContent()).toBe('Unfollow');
    expect(await follows()).toEqual([topicId]);
    // The card covers the row's Track button: the user closes it first, as they would.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('paper-pulse [role="dialog"]').first().isVisible()).toBe(false);
    await page.locator('paper-pulse [data-action="track"]').click();
    await expect.poll(categories).toEqual(['cs.AI', 'cs.LG', 'cs.CL', 'cs.CV']);
    await expect.poll(() => cvRequests().length, { timeout: 60_000, interval: 500 }).toBeGreaterThan(0);
    await page.close();
  });

  it('ignores a page script that clicks the listing filter or a listing chip', async () => {
    const page = await ext.context.newPage();
    await page.goto(URLS.listingSmall);
    const bar = page.locator('paper-pulse-bar');
    await bar.locator('[data-filter="followed"]').waitFor();
    await page.locator('paper-pulse [data-topic-id]').first().waitFor();
    const clicked = await page.evaluate(() => {
      const filter = document
        .querySelector('paper-pulse-bar')
        ?.shadowRoot?.querySelector<HTMLElement>('[data-filter="followed"]');
      const chip = document
        .querySelector('paper-pulse')
        ?.shadowRoot?.querySelector<HTMLElement>('[data-topic-id]');
      filter?.click();
      chip?.click();
      chip?.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, composed: true }));
      return [Boolean(filter), Boolean(chip)];
    });
    expect(clicked).toEqual([true, true]);
    await page.waitForTimeout(600);
    expect(await bar.locator('[data-filter="all"]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('paper-pulse [role="dialog"]').count()).toBe(0);
    await bar.locator('[data-filter="followed"]').click();
    expect(await bar.locator('[data-filter="followed"]').getAttribute('aria-pressed')).toBe('true');
    await page.close();
  });

  it('follows client-side navigation on a page whose DOM changes every 50 ms', async () => {
    const [a, b] = [ABS_PAPERS[0]!, ABS_PAPERS[2]!];
    const page = await ext.context.newPage();
    await page.goto(URLS.spaTicking(a));
    await page.locator(`paper-pulse[data-arxiv-id="${a.id}"] [data-topic-id]`).first().waitFor();
    await page.click('a.next-paper');
    // The page never rests for the 150 ms quiet time: the URL change and the debounce's cap must do it.
    await page
      .locator(`paper-pulse[data-arxiv-id="${b.id}"] [data-topic-id]`)
      .first()
      .waitFor({ timeout: 5000 });
    expect(await page.locator('paper-pulse').count()).toBe(1);
    await page.close();
  });
});

/** The page's script: runs in the page's own world, so every event it makes is untrusted. */
async function pressEverything(topicId: string): Promise<string[]> {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 100));
  const root = document.querySelector('paper-pulse')!.shadowRoot!;
  const press = (el: HTMLElement) => {
    el.focus();
    el.click();
    for (const type of ['keydown', 'keypress', 'keyup'])
      el.dispatchEvent(
        new KeyboardEvent(type, {
          key: 'Enter',
          code: 'Enter',
          bubbles: true,
          composed: true,
          cancelable: true,
        }),
      );
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true }));
  };
  const pressed: string[] = [];
  const chip = root.querySelector<HTMLElement>(`[data-topic-id="${topicId}"]`)!;
  // Focus opens the chip's card (focus events are trusted even from a script: opening shows, it changes nothing).
  chip.focus();
  await tick();
  for (const action of ['follow', 'mute']) {
    const button = root.querySelector<HTMLElement>(`[role="dialog"] [data-action="${action}"]`);
    if (!button) continue;
    press(button);
    pressed.push(action);
    await tick();
    chip.focus();
    await tick();
  }
  const link = [...root.querySelectorAll<HTMLElement>('[role="dialog"] a')].find((a) =>
    a.textContent?.includes('Topic page'),
  );
  if (link) {
    press(link);
    pressed.push('topic-page');
  }
  await tick();
  const track = root.querySelector<HTMLElement>('[data-action="track"]');
  if (track) {
    press(track);
    pressed.push('track');
  }
  await tick();
  return pressed;
}
