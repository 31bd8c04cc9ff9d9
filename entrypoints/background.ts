import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createBackgroundApp } from '@/lib/background/app';
import { readSettings, settingsItem } from '@/lib/settings';
import { openIndexDb } from '@/lib/store/open';
import { loadPack } from '@/lib/topics/pack';

export default defineBackground(() => {
  // MV2 Firefox has browserAction where MV3 has action.
  const action = browser.action ?? browser.browserAction;
  const app = createBackgroundApp({
    openDb: () => openIndexDb(),
    loadPack,
    readSettings,
    writeSettings: (settings) => settingsItem.setValue(settings),
    fetch: (input, init) => fetch(input, init),
    self: { id: browser.runtime.id, origin: browser.runtime.getURL('/').replace(/\/$/, '') },
    alarms: browser.alarms,
    setBadge: async (text) => {
      await action.setBadgeText({ text });
      await action.setBadgeBackgroundColor({ color: '#b31b1b' });
    },
    keepAlive: () => browser.runtime.getPlatformInfo(),
  });
  // Listeners are registered synchronously so an event that wakes the worker is not lost.
  browser.runtime.onMessage.addListener((message, sender) => app.dispatch(message, sender));
  browser.runtime.onInstalled.addListener(() => void app.installed());
  browser.runtime.onStartup.addListener(() => void app.started());
  browser.alarms.onAlarm.addListener((alarm) => void app.alarm(alarm.name));
  settingsItem.watch(() => void app.settingsChanged());
  void app.started();
});
