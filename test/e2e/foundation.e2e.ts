import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTENSION_DIR,
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

  it('asks at install only for what the listed sites need, each host once (the manifest Chromium loaded)', async () => {
    const built = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Manifest;
    const loaded = (await ext.worker.evaluate(() =>
      (
        globalThis as unknown as { chrome: { runtime: { getManifest(): unknown } } }
      ).chrome.runtime.getManifest(),
    )) as Manifest;
    for (const manifest of [built, loaded]) {
      expect(manifest.permissions).toEqual(['storage', 'unlimitedStorage', 'alarms']);
      expect(manifest.optional_permissions).toEqual(['notifications', 'scripting']);
      expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
      const hosts = manifest.host_permissions ?? [];
      expect(hosts).toContain('https://export.arxiv.org/*');
      expect(hosts).toContain('https://arxiv.org/*');
      expect(hosts.length).toBe(new Set(hosts).size);
    }
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

interface Manifest {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
}

describe('the Firefox (MV2) manifest as WXT builds it', () => {
  let out: string;
  beforeAll(() => {
    // Built into a folder of its own (background only: the manifest is what is checked), so a full build
    // in .output/firefox-mv2 is never overwritten by a partial one.
    out = mkdtempSync(join(tmpdir(), 'pp-manifest-'));
    const script = `import('wxt').then((w) => w.build({ browser: 'firefox', manifestVersion: 2, outDir: ${JSON.stringify(out)}, filterEntrypoints: ['background'], logLevel: 1 }))`;
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'pipe' });
  }, 120_000);
  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('lists each host once, and asks for scripting only with the optional hosts', () => {
    const manifest = JSON.parse(readFileSync(join(out, 'firefox-mv2', 'manifest.json'), 'utf8')) as Manifest;
    const permissions = manifest.permissions ?? [];
    expect(permissions.slice(0, 3)).toEqual(['storage', 'unlimitedStorage', 'alarms']);
    expect(permissions).not.toContain('scripting');
    expect(permissions).toContain('https://export.arxiv.org/*');
    expect(permissions.length).toBe(new Set(permissions).size);
    expect(manifest.optional_permissions).toEqual([
      'notifications',
      'scripting',
      'https://*/*',
      'http://*/*',
    ]);
  });
});
