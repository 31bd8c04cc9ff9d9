import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';

export const EXTENSION_DIR = resolve('.output/chrome-mv3');
export const ARTIFACTS_DIR = resolve('test/e2e/artifacts');

export interface Extension {
  context: BrowserContext;
  /** The browser's user-data folder (Chromium writes DevToolsActivePort there when asked for a port). */
  profile: string;
  worker: Worker;
  id: string;
  url(path: string): string;
  close(): Promise<void>;
}

/** Real Chromium with the built extension loaded, in a fresh profile. */
export async function launchExtension(
  options: { colorScheme?: 'light' | 'dark'; args?: string[] } = {},
): Promise<Extension> {
  const profile = mkdtempSync(join(tmpdir(), 'pp-e2e-'));
  // A private copy of the build: a rebuild while this browser runs (another suite, a watcher) cannot pull
  // files from under it.
  const extension = join(profile, 'extension');
  cpSync(EXTENSION_DIR, extension, { recursive: true });
  const { context, worker, id } = await launchWith(join(profile, 'user-data'), extension, options);
  return {
    context,
    profile: join(profile, 'user-data'),
    worker,
    id,
    url: (path) => `chrome-extension://${id}/${path.replace(/^\//, '')}`,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's Chromium, headless, with the unpacked extension at `extension` and nothing else loaded; the
 * extension's service worker and id once it runs. Shared by the e2e suite and the bench.
 */
export async function launchWith(
  userData: string,
  extension: string,
  options: { colorScheme?: 'light' | 'dark'; args?: string[] } = {},
) {
  const context = await chromium.launchPersistentContext(userData, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: 1200, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      ...(options.args ?? []),
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, worker, id: new URL(worker.url()).host };
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Page object for the toolbar popup, opened as a tab (what the action would show). */
export class PopupPage {
  constructor(
    readonly ext: Extension,
    readonly page: Page,
  ) {}
  static async open(ext: Extension): Promise<PopupPage> {
    const page = await ext.context.newPage();
    await page.setViewportSize({ width: 420, height: 600 });
    await page.goto(ext.url('popup.html'));
    return new PopupPage(ext, page);
  }
  status() {
    return this.page.locator('[data-index-status]');
  }
  /** Opens the popup again (what a user sees on the next click of the toolbar button). */
  async reopen(): Promise<void> {
    await this.page.reload();
  }
  followedRows() {
    return this.page.locator('[data-followed-topic-id]');
  }
  followedRow(id: string) {
    return this.page.locator(`[data-followed-topic-id="${id}"]`);
  }
  /** The row's new-paper count as shown (null while the row is not there). */
  async newCount(id: string): Promise<number | null> {
    const count = this.followedRow(id).locator('[data-new-count]');
    if ((await count.count()) === 0) return null;
    return Number(await count.textContent());
  }
  async expand(id: string): Promise<void> {
    const button = this.followedRow(id).locator(`[data-expand="${id}"]`);
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  }
  /** The newest papers listed in an expanded row. */
  newPapers(id: string) {
    return this.followedRow(id).locator('[data-paper-id] a');
  }
  async markSeen(id: string): Promise<void> {
    await this.expand(id);
    await this.followedRow(id).locator(`[data-mark-seen="${id}"]`).click();
  }
  async search(text: string): Promise<void> {
    await this.page.locator('[data-topic-search]').fill(text);
  }
  searchResult(id: string) {
    return this.page.locator(`[data-search-results] [data-topic-id="${id}"]`);
  }
  /** Searches for `text` and follows the result `id`. */
  async follow(text: string, id: string): Promise<void> {
    await this.search(text);
    const button = this.searchResult(id).locator(`[data-follow="${id}"]`);
    await button.click();
    await this.page.waitForFunction(
      (selector) => document.querySelector(selector)?.getAttribute('aria-pressed') === 'true',
      `[data-search-results] [data-follow="${id}"]`,
    );
  }
  trending() {
    return this.page.locator('[aria-label="Rising topics"] [data-topic-id]');
  }
  async refreshNow(): Promise<void> {
    await this.page.locator('[data-refresh-now]').click();
  }
  indexError() {
    return this.page.locator('[data-index-error]');
  }
}

export class OptionsPage {
  constructor(readonly page: Page) {}
  static async open(ext: Extension): Promise<OptionsPage> {
    const page = await ext.context.newPage();
    await page.goto(ext.url('options.html'));
    return new OptionsPage(page);
  }
  status() {
    return this.page.locator('[data-index-status]');
  }
  /** Opens the editor for a new custom topic and fills its name. */
  async newCustomTopic(name: string): Promise<void> {
    await this.page.locator('[data-new-topic]').click();
    await this.page.locator('[data-topic-name]').fill(name);
  }
  async typeQuery(query: string): Promise<void> {
    await this.page.locator('[data-topic-query]').fill(query);
  }
  queryError() {
    return this.page.locator('[data-query-error]');
  }
  queryPreview() {
    return this.page.locator('[data-query-preview]');
  }
  async saveCustomTopic(): Promise<void> {
    await this.page.getByRole('button', { name: /^(Add topic|Save changes)$/ }).click();
  }
  customTopic(id: string) {
    return this.page.locator(`[data-user-topic-id="${id}"]`);
  }
  customTopics() {
    return this.page.locator('[data-user-topic-id]');
  }
  /** Chooses a file for import (a path, or a name and contents). */
  async importFile(file: string | { name: string; text: string }): Promise<void> {
    const input = this.page.locator('[data-import-file]');
    if (typeof file === 'string') await input.setInputFiles(file);
    else
      await input.setInputFiles({
        name: file.name,
        mimeType: 'application/json',
        buffer: Buffer.from(file.text),
      });
  }
  importPreview() {
    return this.page.locator('[data-import-preview]');
  }
  async applyImport(): Promise<void> {
    await this.page.locator('[data-import-apply]').click();
  }
  importOutcome() {
    return this.page.locator('[data-import-outcome]');
  }
  categoryChecked(id: string) {
    return this.page.locator(`[data-category="${id}"]`);
  }
}

export class TopicPageObject {
  constructor(readonly page: Page) {}
  static async open(ext: Extension, topicId: string): Promise<TopicPageObject> {
    const page = await ext.context.newPage();
    await page.goto(ext.url(`topic.html?id=${encodeURIComponent(topicId)}`));
    return new TopicPageObject(page);
  }
  heading() {
    return this.page.locator('h1');
  }
  momentumSentence() {
    return this.page.locator('[data-momentum-sentence]');
  }
  /** The weekly chart's bars, oldest first (each `li` carries data-week-start, data-count, data-partial). */
  bars() {
    return this.page.locator('.pp-bars > li');
  }
  /** The papers listed on the current page of "Latest papers". */
  papers() {
    return this.page.locator('#pp-papers-heading ~ ol [data-paper-id]');
  }
  pageRange() {
    return this.page.locator('[data-page-range]');
  }
  async olderPage(): Promise<void> {
    await this.page.locator('[data-page-older]').click();
  }
  async newerPage(): Promise<void> {
    await this.page.locator('[data-page-newer]').click();
  }
  /** Topic tags on the listed papers (under "Latest papers") that link to other topic pages. */
  tagLinks() {
    return this.page.locator('#pp-papers-heading ~ ol a[data-topic-tag]');
  }
  /** Asks through the Ask form (DESIGN.md's Ask contract: the form `[data-ask]`). */
  async ask(question: string): Promise<void> {
    const input = this.page.locator('form[data-ask] input[name="question"]');
    await input.fill(question);
    await input.press('Enter');
  }
  /** The answer (`[data-ask-answer]`, its `data-ask-mode`), once one is shown. */
  askAnswer() {
    return this.page.locator('[data-ask-answer]');
  }
  /** The papers the answer cites, each an element with `data-arxiv-id`. */
  askCited() {
    return this.page.locator('[data-ask-answer] [data-arxiv-id]');
  }
}

type Chromeish = { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } };

/** Sends a raw protocol message from an extension page, as the UI would; returns the envelope. */
export function rawMessage(
  page: Page,
  message: unknown,
): Promise<{ ok: boolean; data?: unknown; error?: string }> {
  return page.evaluate(
    (m) => (globalThis as unknown as Chromeish).chrome.runtime.sendMessage(m),
    message,
  ) as Promise<{ ok: boolean; data?: unknown; error?: string }>;
}

/** Asks the background from an extension page and returns the answer's data (throws on an error reply). */
export async function ask<T>(page: Page, name: string, request: unknown = {}): Promise<T> {
  const reply = await rawMessage(page, { name, request });
  if (!reply.ok) throw new Error(reply.error);
  return reply.data as T;
}

/** What the e2e tests read of `status.get`. */
export interface IndexStatus {
  papers: number;
  running: boolean;
  progress: number;
  lastCompleteAt?: number;
}

/** Waits (outside expect.poll, which beforeAll cannot use) until a backfill or refresh completed after `after`. */
export async function waitForIndex(page: Page, after = 0): Promise<IndexStatus> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const status = await ask<IndexStatus>(page, 'status.get');
    if (!status.running && status.progress === 1 && (status.lastCompleteAt ?? 0) > after) return status;
    if (Date.now() > deadline) throw new Error(`The index did not complete: ${JSON.stringify(status)}`);
    await page.waitForTimeout(500);
  }
}

/** Opens the popup (which starts the first fill) and waits until the index is filled. */
export async function waitForFill(ext: Extension): Promise<void> {
  const page = await ext.context.newPage();
  await page.goto(ext.url('popup.html'));
  await waitForIndex(page);
  await page.close();
}
