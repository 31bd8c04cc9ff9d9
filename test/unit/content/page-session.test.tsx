// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInpageRenderer } from '@/components/inpage/render-inpage';
import { ANNOTATE_FIRST } from '@/lib/content/annotate-papers';
import type { InpageEnv } from '@/lib/content/inpage-renderer';
import { createPageSession, type PageSession } from '@/lib/content/page-session';
import { createTopicStore, type TopicStore } from '@/lib/content/topic-store';
import type { Send } from '@/lib/messages/client';
import { findAdapter } from '@/lib/sites/registry';
import { arxivAbsPage } from '../../fixtures/e2e/pages/arxiv-abs-page';
import { arxivListingPage } from '../../fixtures/e2e/pages/arxiv-listing-page';
import { fixturePapers } from '../../fixtures/e2e/pages/fixture-papers';
import { fakeBackground } from '../helpers/inpage/fake-background';
import { loadPage } from '../helpers/inpage/load-page';
import { FILLING_INDEX, topic } from '../helpers/inpage/make-topic';
import { paintedPage } from '../helpers/inpage/painted-page';
import { trusted, user } from '../helpers/inpage/user-input';

const sessions: PageSession[] = [];
// A laid-out page (its layout read as it is, never guessed): the unpainted page is near-viewport's.
beforeEach(paintedPage);
afterEach(() => {
  for (const s of sessions.splice(0)) s.destroy();
  vi.restoreAllMocks();
});

const instantSlices = { yieldFn: () => Promise.resolve() };

function session(
  send: Send,
  owner?: string,
): { session: PageSession; store: TopicStore; abort: AbortController } {
  const store = createTopicStore();
  const env: InpageEnv = { send, store, topicUrl: (id) => `ext://topic.html?id=${id}` };
  const abort = new AbortController();
  const s = createPageSession({
    doc: document,
    send,
    store,
    renderer: createInpageRenderer(env),
    signal: abort.signal,
    slice: instantSlices,
    ...(owner ? { owner } : {}),
  });
  sessions.push(s);
  return { session: s, store, abort };
}

async function decorate(url: string, send: Send, owner?: string) {
  const made = session(send, owner);
  const parsed = new URL(url);
  await made.session.sync(findAdapter(parsed), parsed);
  return made;
}

const hosts = () => [...document.querySelectorAll<HTMLElement>('paper-pulse')];
const chipsOf = (host: Element) => [...(host.shadowRoot?.querySelectorAll('[data-topic-id]') ?? [])];

describe('decorating an abstract page', () => {
  const [paper] = fixturePapers(1);
  const url = `https://arxiv.org/abs/${paper!.id}`;

  it('inserts one host with the contract attributes right after the title, from one annotate call', async () => {
    loadPage(arxivAbsPage(paper!), url);
    const { send, calls } = fakeBackground();
    await decorate(url, send);
    const [host, ...rest] = hosts();
    expect(rest).toHaveLength(0);
    expect(host!.getAttribute('data-arxiv-id')).toBe(paper!.id);
    expect(host!.shadowRoot).not.toBeNull(); // open: readable from outside
    expect(host!.previousElementSibling?.matches('h1.title')).toBe(true);
    const chips = chipsOf(host!);
    expect(chips.map((c) => c.getAttribute('data-topic-id'))).toEqual([
      'agentic-rl',
      'llm-agents',
      'cs.LG',
      'cs.AI',
      'cs.CL',
    ]);
    expect(chips[0]!.textContent!.startsWith('Agentic RL')).toBe(true);
    expect(chips[0]!.querySelector('[data-momentum]')!.getAttribute('data-momentum')).toBe('rising');
    const annotates = calls.filter((c) => c.name === 'papers.annotate');
    expect(annotates).toHaveLength(1);
    expect(annotates[0]!.request).toMatchObject({ evidence: true }); // one paper: its card shows why at once
    expect(document.querySelector('paper-pulse-bar')).toBeNull();
  });

  it('never doubles the UI: syncing again, or a second run of the script, reuses the host', async () => {
    loadPage(arxivAbsPage(paper!), url);
    const first = await decorate(url, fakeBackground().send, 'run-1');
    await first.session.sync(findAdapter(url), new URL(url));
    expect(hosts()).toHaveLength(1);
    await decorate(url, fakeBackground().send, 'run-2');
    expect(hosts()).toHaveLength(1);
    expect(hosts()[0]!.getAttribute('data-pp-owner')).toBe('run-2');
    // The first run being torn down afterwards leaves the second run's UI alone.
    first.session.destroy();
    expect(hosts()).toHaveLength(1);
    expect(chipsOf(hosts()[0]!).length).toBeGreaterThan(0);
  });

  it('removes everything it added when torn down', async () => {
    loadPage(arxivAbsPage(paper!), url);
    const { session: s } = await decorate(url, fakeBackground().send);
    s.destroy();
    expect(hosts()).toHaveLength(0);
  });

  it('shows a short error (not a broken widget) when the background fails, and recovers on retry', async () => {
    loadPage(arxivAbsPage(paper!), url);
    const failing = fakeBackground({ fail: 'No answer from the background to papers.annotate' });
    const { session: s } = await decorate(url, failing.send);
    const root = hosts()[0]!.shadowRoot!;
    expect(root.querySelector('[data-state="error"]')!.textContent).toContain(
      'Topics unavailable: No answer',
    );
    const retry = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Retry');
    expect(retry).toBeDefined();
    s.destroy();
    await decorate(url, fakeBackground().send);
    expect(chipsOf(hosts()[0]!).length).toBeGreaterThan(0);
  });

  it('reserves the row height from insertion on', async () => {
    loadPage(arxivAbsPage(paper!), url);
    const { send } = fakeBackground();
    let release!: () => void;
    const slow: Send = async (name, req) => {
      await new Promise<void>((r) => {
        release = r;
      });
      return send(name, req);
    };
    const made = session(slow);
    const done = made.session.sync(findAdapter(url), new URL(url));
    await new Promise((r) => setTimeout(r, 0));
    const host = hosts()[0]!;
    expect(host.hasAttribute('data-pp-full')).toBe(true);
    expect(host.style.getPropertyValue('min-height')).toBe('28px');
    expect(host.shadowRoot!.querySelector('[data-state="loading"]')).not.toBeNull();
    release();
    await done;
    expect(host.shadowRoot!.querySelector('[data-state="ready"]')).not.toBeNull();
  });
});

describe('decorating a listing', () => {
  const url = 'https://arxiv.org/list/cs.AI/new';

  it('puts compact chips on every entry, one host each, the rows in view asked for first', async () => {
    const papers = fixturePapers(150);
    loadPage(arxivListingPage(papers), url);
    const { send, calls } = fakeBackground({ index: FILLING_INDEX });
    await decorate(url, send);
    const all = hosts();
    expect(all).toHaveLength(150);
    expect(new Set(all.map((h) => h.getAttribute('data-arxiv-id'))).size).toBe(150);
    expect(all.every((h) => h.hasAttribute('data-pp-compact'))).toBe(true);
    expect(all.every((h) => chipsOf(h).length > 0)).toBe(true);
    // A listing asks in the compact wire form, without evidence: a third of the bytes.
    const sizes = calls
      .filter((c) => c.name === 'papers.annotateCompact')
      .map((c) => (c.request as { papers: unknown[] }).papers.length);
    expect(sizes).toEqual([ANNOTATE_FIRST, 150 - ANNOTATE_FIRST]);
    expect(calls.filter((c) => c.name === 'papers.annotate')).toHaveLength(0);
    const badge = all[0]!.shadowRoot!.querySelector('[data-momentum]')!;
    expect(badge.getAttribute('data-momentum')).toBe('unknown');
    expect(badge.textContent).toBe('filling');
  });

  it('filters by followed and muted topics with counts, hiding whole entries (dt and dd)', async () => {
    const papers = fixturePapers(16);
    loadPage(arxivListingPage(papers), url);
    const { send } = fakeBackground({
      followed: ['3d-gaussian-splatting'],
      muted: ['on-policy-distillation'],
    });
    const { store } = await decorate(url, send);
    const bar = document.querySelector('paper-pulse-bar')!;
    expect(bar.nextElementSibling?.matches('dl')).toBe(true);
    const buttons = () => [...bar.shadowRoot!.querySelectorAll<HTMLButtonElement>('button[data-filter]')];
    expect(buttons().map((b) => b.textContent)).toEqual([
      'All (16)',
      'Followed topics (2)',
      'Hide muted (14)',
    ]);
    const followedEntries = () => [...document.querySelectorAll('dd[data-paperpulse-followed]')];
    expect(followedEntries()).toHaveLength(2);

    // A page script's click on the bar changes nothing.
    buttons()[1]!.click();
    expect(buttons()[0]!.getAttribute('aria-pressed')).toBe('true');
    user.click(buttons()[1]!);
    const visible = () => [...document.querySelectorAll('dd')].filter((dd) => dd.style.display !== 'none');
    expect(visible()).toHaveLength(2);
    const hiddenDd = document.querySelector('dd[data-paperpulse-hidden]')!;
    expect(hiddenDd.previousElementSibling!.getAttribute('data-paperpulse-hidden')).toBe('');
    expect(buttons()[1]!.getAttribute('aria-pressed')).toBe('true');

    user.click(buttons()[2]!);
    expect(visible()).toHaveLength(14);

    // Following a topic from any chip updates counts and highlights at once.
    store.put(topic('agentic-rl', { name: 'Agentic RL', followed: true }));
    expect(buttons()[1]!.textContent).toBe('Followed topics (4)');
    expect(followedEntries()).toHaveLength(4);

    user.click(buttons()[0]!);
    expect(visible()).toHaveLength(16);
  });

  it('restores the page exactly on teardown', async () => {
    loadPage(arxivListingPage(fixturePapers(16)), url);
    const { session: s } = await decorate(url, fakeBackground({ followed: ['agentic-rl'] }).send);
    user.click(
      document
        .querySelector('paper-pulse-bar')!
        .shadowRoot!.querySelector<HTMLButtonElement>('[data-filter="followed"]')!,
    );
    expect(document.querySelector('[data-paperpulse-hidden]')).not.toBeNull();
    s.destroy();
    expect(document.querySelector('paper-pulse, paper-pulse-bar')).toBeNull();
    expect(document.querySelector('[data-paperpulse-hidden], [data-paperpulse-followed]')).toBeNull();
    expect(
      [...document.querySelectorAll('dd, dt')].every(
        (el) => (el as HTMLElement).getAttribute('style') === null || (el as HTMLElement).style.length === 0,
      ),
    ).toBe(true);
  });

  it('turns a static row live on the user’s click on a chip, and opens that chip’s card; a page script’s click opens nothing', async () => {
    loadPage(arxivListingPage(fixturePapers(16)), url);
    await decorate(url, fakeBackground().send);
    const [first, second] = hosts();
    const chipIn = (host: Element) => host.shadowRoot!.querySelector<HTMLElement>('[data-topic-id]')!;
    const card = (host: Element) => host.shadowRoot!.querySelector('[role="dialog"]');
    chipIn(first!).click();
    chipIn(first!).dispatchEvent(new MouseEvent('mouseover', { bubbles: true, composed: true }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(card(first!)).toBeNull();
    // Outside act(): the live row's layout effect must run within the hand-on, as in the browser.
    chipIn(second!).dispatchEvent(
      trusted(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true })),
    );
    await vi.waitFor(() =>
      expect(card(second!)?.getAttribute('aria-label')).toContain(': momentum and actions'),
    );
  });

  it('keeps hostile titles as text: nothing from a title becomes markup', async () => {
    const papers = fixturePapers(200, { hostile: true });
    loadPage(arxivListingPage(papers), url);
    const { send, calls } = fakeBackground();
    await decorate(url, send);
    // A listing asks without evidence (the compact answer has none); a card asks for its paper's.
    expect(calls[0]!.name).toBe('papers.annotateCompact');
    const request = calls[0]!.request as { papers: { title: string }[] };
    const sent = request.papers.map((p) => p.title);
    expect(sent).toContain('<img src=x onerror="window.__pwned=1"> Graph Neural Networks for Molecules');
    expect(document.querySelector('img, dd script')).toBeNull();
    for (const host of hosts()) expect(host.shadowRoot?.querySelector('img, script') ?? null).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
