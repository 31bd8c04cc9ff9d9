import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { createBackgroundApp } from '@/lib/background/app';
import { readSettings } from '@/lib/settings';
import { openIndexDb } from '@/lib/store/open';

export default defineBackground(() => {
  const app = createBackgroundApp({
    openDb: () => openIndexDb(),
    readSettings,
    self: { id: browser.runtime.id, origin: browser.runtime.getURL('/').replace(/\/$/, '') },
  });
  // Registered synchronously so a message that wakes the worker is not lost.
  browser.runtime.onMessage.addListener((message, sender) => app.dispatch(message, sender));
});
