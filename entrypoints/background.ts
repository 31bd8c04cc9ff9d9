import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createBackgroundApp } from '@/lib/background/app';
import { EXTRA_SITES_PERMISSIONS, type ScriptingApi, syncExtraSites } from '@/lib/background/extra-sites';
import { readSettings, settingsItem } from '@/lib/settings';
import { SITE_MATCHES } from '@/lib/sites/matches';
import { openIndexDb } from '@/lib/store/open';
import { loadPack } from '@/lib/topics/pack/load';

/** Registers the opt-in content script for other sites when the setting and the permission agree. */
async function extraSites() {
  await syncExtraSites({
    wanted: (await readSettings()).extraSites,
    hasPermission: () => browser.permissions.contains(EXTRA_SITES_PERMISSIONS),
    // `scripting` is optional: until it is granted the namespace is absent.
    scripting: browser.scripting as unknown as ScriptingApi | undefined,
    scriptFile: 'content-scripts/content.js',
    listedSites: SITE_MATCHES,
  }).catch((error: unknown) => console.warn('PaperPulse: extra sites', error));
}

export default defineBackground(() => {
  // MV2 Firefox has browserAction where MV3 has action.
  const action = browser.action ?? browser.browserAction;
  const app = createBackgroundApp({
    openDb: () => openIndexDb(),
    loadPack,
    readSettings,
    writeSettings: (settings) => settingsItem().setValue(settings),
    fetch: (input, init) => fetch(input, init),
    self: { id: browser.runtime.id, origin: browser.runtime.getURL('/').replace(/\/$/, '') },
    alarms: browser.alarms,
    setBadge: async (text) => {
      await action.setBadgeText({ text });
      await action.setBadgeBackgroundColor({ color: '#b31b1b' });
    },
    keepAlive: () => browser.runtime.getPlatformInfo(),
    openTab: async (url) => void (await browser.tabs.create({ url })),
    notify: async (title, message) => {
      // The permission is optional and can be revoked at any time; without it, stay silent.
      if (!(await browser.permissions.contains({ permissions: ['notifications'] }))) return;
      await browser.notifications.create('pp-new-papers', {
        type: 'basic',
        iconUrl: browser.runtime.getURL('/icon-128.png'),
        title,
        message,
      });
    },
  });
  // Listeners are registered synchronously so an event that wakes the worker is not lost.
  browser.runtime.onMessage.addListener((message, sender) => app.dispatch(message, sender));
  browser.runtime.onInstalled.addListener(() => void app.installed());
  browser.runtime.onStartup.addListener(() => void app.started());
  browser.alarms.onAlarm.addListener((alarm) => void app.alarm(alarm.name));
  settingsItem().watch(() => {
    void app.settingsChanged();
    void extraSites();
  });
  browser.permissions.onAdded.addListener(() => void extraSites());
  browser.permissions.onRemoved.addListener(() => void extraSites());
  void app.started();
  void extraSites();
});
