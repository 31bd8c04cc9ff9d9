import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createDispatcher } from '@/lib/messages/dispatcher';
import { MessageError } from '@/lib/messages/envelope';
import { send } from '@/lib/messages/page-send';
import type { Handlers } from '@/lib/messages/protocol';

const STATUS = { papers: 3, categories: ['cs.AI'], cutoff: null, running: false, progress: 1 };
const self = { id: 'pp-extension', origin: 'chrome-extension://pp-extension' };
const page = { id: 'pp-extension', url: `${self.origin}/popup.html` };

function handlers(overrides: Partial<Handlers> = {}): Handlers {
  return {
    'status.get': async () => STATUS,
    ...overrides,
  } as Handlers;
}

describe('createDispatcher', () => {
  it('answers a valid request from an extension page', async () => {
    const dispatch = createDispatcher(handlers(), self);
    expect(await dispatch({ name: 'status.get', request: {} }, page)).toEqual({
      ok: true,
      data: STATUS,
    });
  });

  it('keeps the newest answer time per message as a User Timing measure', async () => {
    const dispatch = createDispatcher(handlers(), self);
    await dispatch({ name: 'status.get', request: {} }, page);
    await dispatch({ name: 'status.get', request: {} }, page);
    const measures = performance.getEntriesByName('paperpulse:status.get', 'measure');
    expect(measures).toHaveLength(1);
    expect(measures[0]!.duration).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['a string', 'hello', 'Malformed message'],
    ['null', null, 'Malformed message'],
    ['no name', { request: {} }, 'Malformed message'],
    ['an unknown name', { name: 'drop.tables', request: {} }, 'Unknown message "drop.tables"'],
    ['a prototype key', { name: '__proto__', request: {} }, 'Unknown message'],
    ['a bad request body', { name: 'status.get', request: 'x' }, 'Bad request for status.get'],
  ])('rejects %s with a clear error, never a throw', async (_label, message, error) => {
    const dispatch = createDispatcher(handlers(), self);
    const reply = await dispatch(message, page);
    expect(reply.ok).toBe(false);
    expect(!reply.ok && reply.error).toContain(error);
  });

  it('refuses a content script’s follow, mute, track or topic page without the user’s gesture', async () => {
    const summary = {
      id: 't',
      name: 'T',
      kind: 'fine',
      followed: true,
      muted: false,
      momentum: null,
      weekly: [],
    };
    const done: string[] = [];
    const dispatch = createDispatcher(
      handlers({
        'topic.follow': async () => {
          done.push('follow');
          return summary;
        },
        'topic.mute': async () => {
          done.push('mute');
          return summary;
        },
        'category.track': async () => {
          done.push('track');
          return { categories: ['cs.AI', 'cs.CV'] };
        },
        'topic.open': async () => {
          done.push('open');
          return {};
        },
      } as Partial<Handlers>),
      self,
    );
    const content = { id: self.id, url: 'https://arxiv.org/abs/2609.00001', tab: { id: 4 } };
    const messages = [
      { name: 'topic.follow', request: { id: 't', follow: true } },
      { name: 'topic.mute', request: { id: 't', mute: true } },
      { name: 'category.track', request: { category: 'cs.CV' } },
      { name: 'topic.open', request: { id: 't' } },
    ];
    for (const message of messages) {
      const reply = await dispatch(message, content);
      expect(reply.ok).toBe(false);
      expect(!reply.ok && reply.error).toBe(
        `Rejected: ${message.name} from a web page needs the user’s own click or key press`,
      );
    }
    expect(done).toEqual([]);
    for (const message of messages) {
      expect((await dispatch({ ...message, gesture: { event: 'click' } }, content)).ok).toBe(true);
    }
    // The extension's own pages are the user's (a web page cannot script them).
    for (const message of messages) expect((await dispatch(message, page)).ok).toBe(true);
    expect(done).toEqual(['follow', 'mute', 'track', 'open', 'follow', 'mute', 'track', 'open']);
  });

  it('rejects messages from other extensions', async () => {
    const dispatch = createDispatcher(handlers(), self);
    const reply = await dispatch({ name: 'status.get', request: {} }, { id: 'evil', url: 'https://x.test/' });
    expect(reply).toEqual({ ok: false, error: 'Rejected: message from another extension' });
  });

  it('turns a failing handler into an error reply', async () => {
    const dispatch = createDispatcher(
      handlers({
        'status.get': async () => {
          throw new Error('database is closed');
        },
      }),
      self,
    );
    expect(await dispatch({ name: 'status.get', request: {} }, page)).toEqual({
      ok: false,
      error: 'database is closed',
    });
  });
});

describe('send', () => {
  it('returns the validated answer and throws MessageError on an error or a malformed answer', async () => {
    fakeBrowser.reset();
    const dispatch = createDispatcher(handlers(), { ...self, id: fakeBrowser.runtime.id });
    // The fake browser delivers a listener's answer only through sendResponse + `return true`.
    const listener = vi.fn((message: unknown, _sender: unknown, sendResponse: (r: unknown) => void) => {
      void dispatch(message, { id: fakeBrowser.runtime.id, url: page.url }).then(sendResponse);
      return true;
    });
    fakeBrowser.runtime.onMessage.addListener(listener as never);
    expect(await send('status.get', {})).toEqual(STATUS);
    expect(listener).toHaveBeenCalledOnce();

    fakeBrowser.runtime.onMessage.removeListener(listener as never);
    fakeBrowser.runtime.onMessage.addListener(((_m: unknown, _s: unknown, reply: (r: unknown) => void) => {
      reply({ ok: true, data: { papers: 'many' } });
      return true;
    }) as never);
    await expect(send('status.get', {})).rejects.toThrow(MessageError);
    await expect(send('status.get', {})).rejects.toThrow(/Malformed answer to status.get/);
  });
});
