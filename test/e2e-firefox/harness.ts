import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { type FakeWeb, type Responder, startFakeWeb } from './fake-web';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** The two Firefox builds: `npm run build:firefox` (MV2) and `npm run build:firefox-mv3`. */
export const FIREFOX_BUILDS = ['firefox-mv2', 'firefox-mv3'] as const;
export type FirefoxBuild = (typeof FIREFOX_BUILDS)[number];
/** The add-on id from wxt.config.ts (browser_specific_settings.gecko.id). */
const ADDON_ID = 'paperpulse@paperpulse.dev';
/** Fixed through `extensions.webextensions.uuids`, so the moz-extension:// origin is known before launch. */
const EXTENSION_UUID = '5b7c0e1a-2f4d-4e8b-9c3a-6d1e0f2a7b45';
/** Hosts the fake web answers; every other host is refused, as on a machine with no internet. */
const HOSTS = ['arxiv.org', 'export.arxiv.org', 'openreview.net'];

export interface FirefoxExtension {
  browser: Browser;
  web: FakeWeb;
  url(path: string): string;
  /** Opens an extension page (popup.html, topic.html?id=...) in a new tab, once its document is complete. */
  openExtensionPage(path: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * Firefox ESR with a built extension (.output/BUILD) installed as a temporary add-on, all https traffic going through
 * the fake web. `--remote-allow-system-access` lets WebDriver BiDi navigate a tab to moz-extension:// URLs,
 * which it refuses otherwise ("not allowed in this context").
 */
export async function launchFirefox(build: FirefoxBuild, respond: Responder): Promise<FirefoxExtension> {
  const dir = mkdtempSync(join(tmpdir(), 'pp-ff-'));
  // A private copy of the build, so a rebuild during the run cannot pull files from under Firefox.
  const extension = join(dir, 'extension');
  cpSync(resolve('.output', build), extension, { recursive: true });
  const web = await startFakeWeb(HOSTS, respond);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    acceptInsecureCerts: true,
    args: ['--remote-allow-system-access'],
    defaultViewport: { width: 1200, height: 900 },
    extraPrefsFirefox: {
      'network.proxy.type': 1,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': web.port,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': web.port,
      'network.proxy.no_proxies_on': '',
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: EXTENSION_UUID }),
      // A dark OS theme for every page (BiDi has no media emulation): the in-page UI must still follow a
      // white page, which the axe journey checks.
      'layout.css.prefers-color-scheme.content-override': 0,
    },
  });
  const id = await browser.installExtension(extension);
  if (id !== ADDON_ID) throw new Error(`installed add-on has id ${id}, expected ${ADDON_ID}`);
  const url = (path: string) => `moz-extension://${EXTENSION_UUID}/${path.replace(/^\//, '')}`;
  return {
    browser,
    web,
    url,
    async openExtensionPage(path) {
      const page = await browser.newPage();
      const target = url(path);
      // Firefox 153's BiDi does navigate the tab into the extension's process, but never reports the load
      // there, so goto would time out: start it, then watch the document from inside.
      page.goto(target).catch(() => {});
      await waitForDocument(page, target);
      return page;
    },
    async close() {
      await browser.close();
      await web.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until `page` shows `href` with its document complete (evaluate fails while the navigation runs). */
export async function waitForDocument(page: Page, href: string, timeout = 15_000): Promise<void> {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const state = await page
      .evaluate(() => `${document.readyState} ${location.href}`)
      .catch(() => 'navigating');
    if (state === `complete ${href}`) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${href} did not load within ${timeout} ms`);
}

type Runtime = { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } };

/** Asks the background from an extension page, as the UI does; returns the reply's data. */
export async function ask<T>(page: Page, name: string, request: unknown = {}): Promise<T> {
  const reply = (await page.evaluate(
    (m) => (globalThis as unknown as Runtime).browser.runtime.sendMessage(m),
    { name, request },
  )) as { ok: boolean; data?: unknown; error?: string };
  if (!reply.ok) throw new Error(reply.error);
  return reply.data as T;
}
