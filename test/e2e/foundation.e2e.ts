import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Extension,
  launchExtension,
  OptionsPage,
  PopupPage,
  rawMessage,
  TopicPageObject,
} from './harness';

describe('the built extension in Chromium', () => {
  let ext: Extension;
  beforeAll(async () => {
    ext = await launchExtension();
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('runs its service worker and answers the popup with the index status', async () => {
    expect(ext.id).toMatch(/^[a-p]{32}$/);
    const popup = await PopupPage.open(ext);
    await expect.poll(() => popup.status().textContent()).toMatch(/papers indexed in cs\.AI, cs\.LG, cs\.CL/);
  });

  it('serves the options page and the topic page from the background', async () => {
    const options = await OptionsPage.open(ext);
    await expect.poll(() => options.status().textContent()).toContain('cs.AI');
    const topic = await TopicPageObject.open(ext, 'agentic-rl');
    // The topic's name and description come from the background's topic catalog.
    await expect.poll(() => topic.page.locator('h1').textContent()).toMatch(/^Agentic RL/);
    await expect.poll(() => topic.page.locator('[data-description]').textContent()).toMatch(/\w+/);
  });

  it('answers a malformed message with an error instead of throwing', async () => {
    const popup = await PopupPage.open(ext);
    const replies = [
      await rawMessage(popup.page, 'garbage'),
      await rawMessage(popup.page, { name: 'no.such' }),
      await rawMessage(popup.page, { name: 'status.get', request: 5 }),
    ];
    expect(replies.map((r) => r.ok)).toEqual([false, false, false]);
    expect(replies[1]!.error).toContain('Unknown message');
    expect(replies[2]!.error).toContain('Bad request for status.get');
  });
});
