import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createBackgroundApp } from '@/lib/background/app';
import { browserBackgroundDeps, syncBrowserExtraSites } from '@/lib/background/browser-adapters';
import { settingsItem } from '@/lib/settings';

export default defineBackground(() => {
  const app = createBackgroundApp(browserBackgroundDeps(browser));
  const extraSites = () => void syncBrowserExtraSites(browser);
  // Listeners are registered synchronously so an event that wakes the worker is not lost.
  browser.runtime.onMessage.addListener((message, sender) => app.dispatch(message, sender));
  browser.runtime.onInstalled.addListener(() => void app.installed());
  browser.runtime.onStartup.addListener(() => void app.started());
  browser.alarms.onAlarm.addListener((alarm) => void app.alarm(alarm.name));
  settingsItem().watch(() => {
    void app.settingsChanged();
    extraSites();
  });
  browser.permissions.onAdded.addListener(extraSites);
  browser.permissions.onRemoved.addListener(extraSites);
  void app.started();
  extraSites();
});
