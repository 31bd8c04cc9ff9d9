import type { WxtBrowser } from 'wxt/browser';
import { readSettings, settingsItem } from '../settings';
import { SITE_MATCHES } from '../sites/matches';
import { openIndexDb } from '../store/open';
import { loadPack } from '../topics/load-pack';
import type { BackgroundDeps } from './app';
import { EXTRA_SITES_PERMISSIONS, type ScriptingApi, syncExtraSites } from './extra-sites';

/**
 * The browser behind the background's dependencies: the extension APIs (passed in, so nothing here
 * touches a browser global at import time), the index database, the pack and the settings item.
 */
export function browserBackgroundDeps(browser: WxtBrowser): BackgroundDeps {
  return {
    openDb: () => openIndexDb(),
    loadPack,
    readSettings,
    writeSettings: (settings) => settingsItem().setValue(settings),
    fetch: (input, init) => fetch(input, init),
    self: { id: browser.runtime.id, origin: browser.runtime.getURL('/').replace(/\/$/, '') },
    alarms: browser.alarms,
    setBadge: browserBadge(browser),
    keepAlive: () => browser.runtime.getPlatformInfo(),
    openTab: async (url) => void (await browser.tabs.create({ url })),
    notify: browserNotify(browser),
  };
}

/** The toolbar badge's text, in the extension's red. */
function browserBadge(browser: WxtBrowser) {
  // MV2 Firefox has browserAction where MV3 has action.
  const action = browser.action ?? browser.browserAction;
  return async (text: string) => {
    await action.setBadgeText({ text });
    await action.setBadgeBackgroundColor({ color: '#b31b1b' });
  };
}

/** A desktop notification; the permission is optional and can be revoked at any time: without it, silence. */
function browserNotify(browser: WxtBrowser) {
  return async (title: string, message: string) => {
    if (!(await browser.permissions.contains({ permissions: ['notifications'] }))) return;
    await browser.notifications.create('pp-new-papers', {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon-128.png'),
      title,
      message,
    });
  };
}

/** Registers the opt-in content script for other sites when the setting and the permission agree. */
export async function syncBrowserExtraSites(browser: WxtBrowser): Promise<void> {
  await syncExtraSites({
    wanted: (await readSettings()).extraSites,
    hasPermission: () => browser.permissions.contains(EXTRA_SITES_PERMISSIONS),
    // `scripting` is optional: until it is granted the namespace is absent.
    scripting: browser.scripting as unknown as ScriptingApi | undefined,
    scriptFile: 'content-scripts/content.js',
    listedSites: SITE_MATCHES,
  }).catch((error: unknown) => console.warn('PaperPulse: extra sites', error));
}
