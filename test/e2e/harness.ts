import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';

export const EXTENSION_DIR = resolve('.output/chrome-mv3');
export const ARTIFACTS_DIR = resolve('test/e2e/artifacts');

export interface Extension {
  context: BrowserContext;
  /** The profile folder (Chromium writes DevToolsActivePort there when asked for a debugging port). */
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
  const context = await chromium.launchPersistentContext(profile, {
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
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      ...(options.args ?? []),
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(worker.url()).host;
  return {
    context,
    profile,
    worker,
    id,
    url: (path) => `chrome-extension://${id}/${path.replace(/^\//, '')}`,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
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
    await page.goto(ext.url('popup.html'));
    return new PopupPage(ext, page);
  }
  status() {
    return this.page.locator('[data-index-status]');
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
