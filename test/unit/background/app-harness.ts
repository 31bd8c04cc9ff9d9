import { IDBFactory } from 'fake-indexeddb';
import { type BackgroundApp, createBackgroundApp } from '@/lib/background/app';
import type { Envelope } from '@/lib/messages/envelope';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/settings';
import { openIndexDb } from '@/lib/store/open';
import { loadPack } from '@/lib/topics/load-pack';
import { answerQuery, type FakePaper } from '../../e2e/fake-arxiv';

export const SELF = { id: 'pp', origin: 'chrome-extension://pp' };
const PAGE = { id: 'pp', url: 'chrome-extension://pp/popup.html' };
const CONTENT = { id: 'pp', url: 'https://arxiv.org/abs/2609.00001', tab: { id: 1 } };

/**
 * The whole background on Node: real pack, real handlers, fake-indexeddb, a fake arXiv behind `fetch`,
 * recorded alarms and badge, no real waiting.
 */
export function createTestBackground(papers: FakePaper[], now = Date.now()) {
  globalThis.indexedDB = new IDBFactory();
  let settings: Settings = { ...DEFAULT_SETTINGS };
  const requests: string[] = [];
  const alarms = new Map<string, { when?: number; periodInMinutes?: number }>();
  const badge: string[] = [];
  const notifications: { title: string; message: string }[] = [];
  const opened: string[] = [];
  let arxivDown = false;
  let clock = now;
  let duringNotify = async () => undefined;
  let reply: ((url: URL) => Response | undefined) | undefined;
  const start = (): BackgroundApp =>
    createBackgroundApp({
      openDb: () => openIndexDb(),
      loadPack,
      // A settings read takes a turn of the event loop, as chrome.storage (IPC) does: work lands meanwhile.
      readSettings: async () => {
        await new Promise((resolve) => setImmediate(resolve));
        return settings;
      },
      writeSettings: async (next) => {
        settings = next;
      },
      fetch: async (input) => {
        const url = new URL(String(input));
        requests.push(url.toString());
        if (arxivDown) throw new TypeError('Failed to fetch');
        const scripted = reply?.(url);
        if (scripted) return scripted;
        return new Response(answerQuery(papers, url), {
          headers: { 'content-type': 'application/atom+xml' },
        });
      },
      self: SELF,
      alarms: {
        create: (name, info) => void alarms.set(name, info),
        clear: async (name) => alarms.delete(name),
      },
      setBadge: async (text) => void badge.push(text),
      notify: async (title, message) => {
        notifications.push({ title, message });
        await duringNotify();
      },
      openTab: async (url) => void opened.push(url),
      now: () => clock,
      sleep: async () => undefined,
    });
  let app = start();

  async function call<T>(name: string, request: unknown = {}, sender: object = PAGE): Promise<T> {
    const reply: Envelope = await app.dispatch({ name, request }, sender);
    if (!reply.ok) throw new Error(reply.error);
    return reply.data as T;
  }

  return {
    get app() {
      return app;
    },
    /** A new worker life: a new app over the same database, settings and arXiv. */
    restart: async () => {
      app = start();
      await app.started();
    },
    /** Answers arXiv requests with this while it returns a response (a 429, say). */
    setReply: (next: ((url: URL) => Response | undefined) | undefined) => {
      reply = next;
    },
    papers,
    requests,
    alarms,
    badge,
    notifications,
    opened,
    call,
    /** As the content script sends it after the user's click on our UI (lib/content/user-event.ts). */
    fromContent: async <T>(name: string, request: unknown): Promise<T> => {
      const reply = await app.dispatch({ name, request, gesture: { event: 'click' } }, CONTENT);
      if (!reply.ok) throw new Error(reply.error);
      return reply.data as T;
    },
    raw: (message: unknown, sender: object = PAGE) => app.dispatch(message, sender),
    setArxivDown: (down: boolean) => {
      arxivDown = down;
    },
    /** Work to do while a pass is showing a notification (its last step). */
    setDuringNotify: (work: () => Promise<unknown>) => {
      duringNotify = async () => void (await work());
    },
    setNow: (t: number) => {
      clock = t;
    },
    settings: () => settings,
    /** The stored settings change, and nothing is told (the test fires the app's event itself). */
    putSettings: (next: Settings) => {
      settings = next;
    },
    setSettings: async (next: Settings) => {
      settings = next;
      await app.settingsChanged();
      await app.idle();
    },
  };
}
