// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInpageRenderer } from '@/components/inpage/render-inpage';
import { type ContentLifecycle, startContent } from '@/lib/content/start-content';
import type { Send } from '@/lib/messages/client';
import { matchesPattern } from '@/lib/sites/match-pattern';
import { findAdapter, SITE_ADAPTERS } from '@/lib/sites/registry';
import { arxivAbsPage } from '../../fixtures/e2e/pages/arxiv-abs-page';
import { arxivListingPage } from '../../fixtures/e2e/pages/arxiv-listing-page';
import { fixturePapers } from '../../fixtures/e2e/pages/fixture-papers';
import { huggingfaceSpaPage } from '../../fixtures/e2e/pages/huggingface-spa-page';
import { fakeBackground } from '../helpers/inpage/fake-background';
import { loadPage, settle } from '../helpers/inpage/load-page';

/** WXT's ContentScriptContext, reduced to what the content script uses; `invalidate` is what WXT does on reload. */
function fakeContext() {
  const controller = new AbortController();
  const callbacks: (() => void)[] = [];
  const ctx: ContentLifecycle & { invalidate(): void; locationChanged(): void } = {
    signal: controller.signal,
    onInvalidated(cb) {
      callbacks.push(cb);
      return () => callbacks.splice(callbacks.indexOf(cb), 1);
    },
    addEventListener(target, _type, handler) {
      target.addEventListener('test:locationchange', handler, { signal: controller.signal });
    },
    invalidate() {
      controller.abort();
      for (const cb of callbacks.splice(0)) cb();
    },
    locationChanged() {
      window.dispatchEvent(new Event('test:locationchange'));
    },
  };
  return ctx;
}

const contexts: ReturnType<typeof fakeContext>[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const ctx of contexts.splice(0)) ctx.invalidate();
});

function start(send: Send, fillingRecheckMs?: number, settleMs = 5, settled?: () => Promise<void>) {
  const ctx = fakeContext();
  contexts.push(ctx);
  const handle = startContent({
    ctx,
    win: window,
    send,
    topicUrl: (id) => `ext://topic.html?id=${id}`,
    createRenderer: createInpageRenderer,
    findAdapter: (url) => findAdapter(url, { includeOptIn: true }),
    isSpaSite: (url) => SITE_ADAPTERS.some((a) => a.spa && a.matches.some((p) => matchesPattern(p, url))),
    settleMs,
    fillingRecheckMs,
    ...(settled ? { settled } : {}),
  });
  return { ctx, handle };
}

const ids = () => [...document.querySelectorAll('paper-pulse')].map((h) => h.getAttribute('data-arxiv-id'));

describe('startContent', () => {
  it('reads a listing as soon as the page is parsed, and waits as document_idle would on any other page', async () => {
    // Run at document_end: the page has not settled (loaded) yet, and here never does.
    let settledCalls = 0;
    const never = () => {
      settledCalls++;
      return new Promise<void>(() => {});
    };
    const [paper] = fixturePapers(1);
    loadPage(arxivAbsPage(paper!), `https://arxiv.org/abs/${paper!.id}`);
    const abs = fakeBackground();
    start(abs.send, undefined, 5, never);
    await settle(20);
    expect(settledCalls).toBe(1);
    expect(abs.calls).toHaveLength(0);
    for (const ctx of contexts.splice(0)) ctx.invalidate();

    loadPage(arxivListingPage(fixturePapers(20)), 'https://arxiv.org/list/cs.AI/new');
    const listing = fakeBackground();
    const { handle } = start(listing.send, undefined, 5, never);
    await handle!.ready;
    expect(settledCalls).toBe(1);
    expect(listing.calls.length).toBeGreaterThan(0);
    expect(document.querySelectorAll('paper-pulse')).toHaveLength(20);
  });

  it('does nothing at all on a page no adapter recognises', async () => {
    loadPage('<html><body><h1>Hello</h1></body></html>', 'https://arxiv.org/help/api');
    const { send, calls } = fakeBackground();
    const { handle } = start(send);
    expect(handle).toBeNull();
    await settle(10);
    expect(calls).toHaveLength(0);
    expect(document.querySelector('paper-pulse')).toBeNull();
  });

  it('follows a single-page app: client-side navigation moves the UI to the new paper, never doubling it', async () => {
    const [a, b] = fixturePapers(2);
    loadPage(huggingfaceSpaPage(a!, b!), `https://huggingface.co/papers/${a!.id}`);
    const { send, calls } = fakeBackground();
    const { handle } = start(send);
    await handle!.ready;
    expect(ids()).toEqual([a!.id]);

    // What the fake app does on "Next paper": push the URL, then re-render <main>.
    history.pushState({}, '', `/papers/${b!.id}`);
    const main = document.querySelector('main')!;
    const h1 = document.createElement('h1');
    h1.textContent = b!.title;
    main.replaceChildren(h1);
    // Polled, not a fixed wait: a loaded machine runs the session's tasks late.
    await vi.waitFor(() => {
      expect(ids()).toEqual([b!.id]);
      expect(
        document.querySelector('paper-pulse')!.shadowRoot!.querySelector('[data-topic-id]'),
      ).not.toBeNull();
    });
    expect(calls.filter((c) => c.name === 'papers.annotate')).toHaveLength(2);
  });

  it('handles client-side navigation on a page whose DOM changes faster than the quiet time', async () => {
    const [a, b] = fixturePapers(2);
    loadPage(huggingfaceSpaPage(a!, b!), `https://huggingface.co/papers/${a!.id}`);
    const { send } = fakeBackground();
    const { ctx, handle } = start(send, undefined, 150);
    await handle!.ready;
    expect(ids()).toEqual([a!.id]);

    // From here, a clock in the page re-renders every 50 ms (fake time), as a live counter would.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const ticker = document.createElement('span');
    document.body.append(ticker);
    const tick = async (n: number) => {
      for (let i = 0; i < n; i++) {
        ticker.replaceChildren(String(i));
        await vi.advanceTimersByTimeAsync(50);
      }
    };
    await tick(4);
    history.pushState({}, '', `/papers/${b!.id}`);
    ctx.locationChanged();
    await tick(1);
    const h1 = document.createElement('h1');
    h1.textContent = b!.title;
    document.querySelector('main')!.replaceChildren(h1);
    await tick(40); // 2 s of a page that never rests
    vi.useRealTimers(); // (timers still pending in fake time are dropped here)
    await vi.waitFor(() => {
      expect(ids()).toEqual([b!.id]);
      expect(
        document.querySelector('paper-pulse')!.shadowRoot!.querySelector('[data-topic-id]'),
      ).not.toBeNull();
    });
  });

  it('re-mounts a re-rendered paper within the maximum wait while the DOM keeps changing', async () => {
    const [a, b] = fixturePapers(2);
    loadPage(huggingfaceSpaPage(a!, b!), `https://huggingface.co/papers/${a!.id}`);
    const { send } = fakeBackground();
    const { handle } = start(send, undefined, 150);
    await handle!.ready;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const section = document.querySelector('main section')!;
    section.replaceWith(section.cloneNode(true)); // a dead copy of our host, no shadow root
    const ticker = document.createElement('span');
    document.body.append(ticker);
    for (let i = 0; i < 40; i++) {
      ticker.replaceChildren(String(i));
      await vi.advanceTimersByTimeAsync(50);
    }
    vi.useRealTimers();
    await vi.waitFor(() =>
      expect(
        document.querySelector('paper-pulse')!.shadowRoot?.querySelector('[data-topic-id]'),
      ).toBeTruthy(),
    );
  });

  it('re-mounts when the site re-renders the same paper, from the cached answer', async () => {
    const [a, b] = fixturePapers(2);
    loadPage(huggingfaceSpaPage(a!, b!), `https://huggingface.co/papers/${a!.id}`);
    const { send, calls } = fakeBackground();
    const { handle } = start(send);
    await handle!.ready;
    const section = document.querySelector('main section')!;
    // The framework re-renders: a copy of the markup replaces ours, with a dead copy of our host (no shadow root).
    section.replaceWith(section.cloneNode(true));
    expect(document.querySelector('paper-pulse')!.shadowRoot).toBeNull();
    await vi.waitFor(() => {
      expect(ids()).toEqual([a!.id]);
      expect(
        document.querySelector('paper-pulse')!.shadowRoot!.querySelector('[data-topic-id]'),
      ).not.toBeNull();
    });
    expect(calls.filter((c) => c.name === 'papers.annotate')).toHaveLength(1);
  });

  it('asks again while the index is filling, until momentum is known, then stops', async () => {
    const [a, b] = fixturePapers(2);
    loadPage(huggingfaceSpaPage(a!, b!), `https://huggingface.co/papers/${a!.id}`);
    let filling = 2;
    const { send, calls } = fakeBackground({
      extra: {
        'papers.annotate': (async (req: unknown) => {
          const answer = await fakeBackground().send('papers.annotate', req as never);
          const stillFilling = filling-- > 0;
          return {
            ...answer,
            index: { ...answer.index, filling: stillFilling, progress: stillFilling ? 0.4 : 1 },
          };
        }) as never,
      },
    });
    const { handle } = start(send, 10);
    await handle!.ready;
    const annotateCalls = () => calls.filter((c) => c.name === 'papers.annotate').length;
    await vi.waitFor(() => {
      expect(annotateCalls()).toBe(3); // filling, filling, ready
      const badge = document.querySelector('paper-pulse')!.shadowRoot!.querySelector('[data-momentum]')!;
      expect(badge.getAttribute('data-momentum')).not.toBe('unknown');
    });
    const annotates = annotateCalls();
    await settle(60);
    expect(calls.filter((c) => c.name === 'papers.annotate')).toHaveLength(annotates);
  });

  it('removes its UI and stops listening when WXT invalidates the context', async () => {
    const [a, b] = fixturePapers(2);
    loadPage(huggingfaceSpaPage(a!, b!), `https://huggingface.co/papers/${a!.id}`);
    const { send, calls } = fakeBackground();
    const { ctx, handle } = start(send);
    await handle!.ready;
    ctx.invalidate();
    expect(document.querySelector('paper-pulse')).toBeNull();
    document.querySelector('main')!.append(document.createElement('div'));
    ctx.locationChanged();
    await settle(30);
    expect(document.querySelector('paper-pulse')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('keeps watching a single-page site from a page it does not decorate, and decorates after navigation', async () => {
    const [a, b] = fixturePapers(2);
    loadPage(huggingfaceSpaPage(a!, b!), 'https://huggingface.co/papers');
    const { send } = fakeBackground();
    const { handle } = start(send);
    await handle!.ready;
    expect(ids()).toEqual([]);
    history.pushState({}, '', `/papers/${a!.id}`);
    const { ctx } = { ctx: contexts[0]! };
    ctx.locationChanged();
    await vi.waitFor(() => expect(ids()).toEqual([a!.id]));
  });
});
