// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInpageRenderer } from '@/components/inpage/render-inpage';
import { ANNOTATE_CHUNK, ANNOTATE_FIRST } from '@/lib/content/annotate-papers';
import type { InpageEnv } from '@/lib/content/inpage-renderer';
import { HEAD_MARGIN_PX, TOP_HEAD_ENTRIES } from '@/lib/content/near-head';
import { NEAR_ONLY_ABOVE } from '@/lib/content/near-viewport';
import { createPageSession, type PageSession } from '@/lib/content/page-session';
import { createTopicStore } from '@/lib/content/topic-store';
import { findAdapter } from '@/lib/sites/registry';
import { arxivListingPage } from '../../fixtures/e2e/pages/arxiv-listing-page';
import { fixturePapers } from '../../fixtures/e2e/pages/fixture-papers';
import { fakeBackground } from '../helpers/inpage/fake-background';
import { loadPage, settle } from '../helpers/inpage/load-page';
import { paintedPage } from '../helpers/inpage/painted-page';
import { user } from '../helpers/inpage/user-input';

/**
 * An IntersectionObserver the test drives: happy-dom has one that never reports. `show(elements)` reports
 * those elements (and only those) as near, as the browser would when the reader scrolls to them.
 */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  takeRecords() {
    return [];
  }
  static show(elements: Element[]) {
    for (const o of FakeObserver.all) {
      const entries = elements
        .filter((el) => o.observed.has(el))
        .map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
      if (entries.length) o.callback(entries, o as unknown as IntersectionObserver);
    }
  }
}

const win = window as unknown as { IntersectionObserver: unknown };
let original: unknown;
const sessions: PageSession[] = [];
beforeEach(() => {
  // A laid-out page, unless a test says otherwise (its layout read as it is, never guessed).
  paintedPage();
  original = win.IntersectionObserver;
  win.IntersectionObserver = FakeObserver;
  FakeObserver.all = [];
});
afterEach(() => {
  for (const s of sessions.splice(0)) s.destroy();
  win.IntersectionObserver = original;
  vi.restoreAllMocks();
});

const url = 'https://arxiv.org/list/cs.AI/pastweek';
const hosts = () => [...document.querySelectorAll<HTMLElement>('paper-pulse')];
const entries = () => [...document.querySelectorAll('dd')];
const drawn = () => hosts().filter((h) => h.shadowRoot?.querySelector('[data-state="ready"]')).length;
/** Hosts with a row drawn in them (the others wait empty, placed ahead). */
const shown = () => hosts().filter((h) => h.shadowRoot);

async function decorate(n: number, options: Parameters<typeof fakeBackground>[0] = {}) {
  loadPage(arxivListingPage(fixturePapers(n)), url);
  const { send, calls } = fakeBackground(options);
  const store = createTopicStore();
  const env: InpageEnv = { send, store, topicUrl: (id) => `ext://topic.html?id=${id}` };
  const session = createPageSession({
    doc: document,
    send,
    store,
    renderer: createInpageRenderer(env),
    signal: new AbortController().signal,
    slice: { yieldFn: () => Promise.resolve() },
  });
  sessions.push(session);
  const parsed = new URL(url);
  await session.sync(findAdapter(parsed), parsed);
  return { session, calls, parsed };
}

/** Decorates a listing of `n` entries sliced at every step, noting at each request how many reads had ended. */
async function decorateWithReadMarks(n: number) {
  loadPage(arxivListingPage(fixturePapers(n)), url);
  const extracted: number[] = [];
  const { send: answer, calls } = fakeBackground();
  const send = ((name: never, request: never) => {
    extracted.push(performance.getEntriesByName('paperpulse:extracted').length);
    return answer(name, request);
  }) as unknown as typeof answer;
  performance.clearMarks();
  const store = createTopicStore();
  const session = createPageSession({
    doc: document,
    send,
    store,
    renderer: createInpageRenderer({ send, store, topicUrl: (id) => `ext://topic.html?id=${id}` }),
    signal: new AbortController().signal,
    slice: { yieldFn: () => Promise.resolve(), budgetMs: 0 },
  });
  sessions.push(session);
  const parsed = new URL(url);
  await session.sync(findAdapter(parsed), parsed);
  return { calls, extracted };
}

describe('a long listing decorated near the viewport', () => {
  it('draws rows as they come near, keeps them, and asks for every paper at once', async () => {
    const n = NEAR_ONLY_ABOVE + 250;
    const { session, calls, parsed } = await decorate(n);
    await settle();
    // Nothing was near yet: every host went in ahead, empty (no shadow root, its height reserved), and
    // every paper was answered (the filter counts them all).
    expect(hosts()).toHaveLength(n);
    expect(shown()).toHaveLength(0);
    expect(hosts().every((h) => h.style.height === '22px' && h.style.display === 'block')).toBe(true);
    expect(entries().every((dd) => dd.querySelectorAll('paper-pulse').length === 1)).toBe(true);
    const asked = calls.filter((c) => c.name === 'papers.annotateCompact');
    expect(asked.reduce((sum, c) => sum + (c.request as { papers: unknown[] }).papers.length, 0)).toBe(n);
    const bar = document.querySelector('paper-pulse-bar')!;
    expect(bar.shadowRoot!.querySelector('button[data-filter="all"]')!.textContent).toBe(`All (${n})`);

    FakeObserver.show(entries().slice(0, 30));
    await settle();
    expect(shown()).toHaveLength(30);
    expect(drawn()).toBe(30);
    // The reader scrolls on: more rows, the first ones kept, never two hosts for one entry.
    FakeObserver.show(entries().slice(20, 80));
    await settle();
    expect(shown()).toHaveLength(80);
    expect(drawn()).toBe(80);
    expect(hosts()).toHaveLength(n);
    expect(new Set(hosts().map((h) => h.getAttribute('data-arxiv-id'))).size).toBe(n);

    // A second run (the page re-rendered, say) keeps the placed rows and watches the rest again.
    await session.sync(findAdapter(parsed), parsed);
    FakeObserver.show(entries());
    await settle();
    expect(hosts()).toHaveLength(n);
    expect(drawn()).toBe(n);
    expect(entries().every((dd) => dd.querySelectorAll('paper-pulse').length === 1)).toBe(true);
  });

  it('decorates a shorter listing at once, and a long one at once where no observer exists', async () => {
    await decorate(NEAR_ONLY_ABOVE);
    expect(drawn()).toBe(NEAR_ONLY_ABOVE);
    for (const s of sessions.splice(0)) s.destroy();
    win.IntersectionObserver = undefined;
    await decorate(NEAR_ONLY_ABOVE + 1);
    expect(drawn()).toBe(NEAR_ONLY_ABOVE + 1);
  });

  it('makes a shadow root only for the rows that come near; the rest wait in empty hosts', async () => {
    const made = vi.spyOn(document, 'createElement');
    const shadows = vi.spyOn(HTMLElement.prototype, 'attachShadow');
    const n = NEAR_ONLY_ABOVE + 250;
    await decorate(n);
    const hostsMade = () => made.mock.calls.filter(([tag]) => tag === 'paper-pulse').length;
    await settle();
    expect(hostsMade()).toBe(n);
    FakeObserver.show(entries().slice(0, 25));
    await settle();
    expect(hostsMade()).toBe(n);
    // The rows' shadow roots and the filter bar's: nothing for the entries not yet near.
    expect(shadows.mock.calls.length).toBe(25 + 1);
    made.mockRestore();
    shadows.mockRestore();
  });

  it('filters the whole list from the answers, rows not yet decorated included', async () => {
    const n = NEAR_ONLY_ABOVE + 250;
    const papers = fixturePapers(n);
    const muted = papers.filter((p) => /on-policy distillation/i.test(`${p.title} ${p.abstract}`)).length;
    expect(muted).toBeGreaterThan(0);
    await decorate(n, { muted: ['on-policy-distillation'] });
    FakeObserver.show(entries().slice(0, 10));
    await settle();
    const bar = document.querySelector('paper-pulse-bar')!;
    const button = (f: string) =>
      bar.shadowRoot!.querySelector<HTMLButtonElement>(`button[data-filter="${f}"]`)!;
    expect(button('unmuted').textContent).toBe(`Hide muted (${n - muted})`);
    user.click(button('unmuted'));
    const hidden = entries().filter((dd) => dd.style.display === 'none');
    expect(hidden).toHaveLength(muted);
    // Most of them have no row drawn yet: the filter went by the answers.
    expect(hidden.filter((dd) => dd.querySelector('paper-pulse')?.shadowRoot).length).toBeLessThan(muted);
    expect(shown()).toHaveLength(10);
  });

  it('before the first layout, takes a listing opening at its top by its first entries, reading no layout', async () => {
    vi.restoreAllMocks(); // not painted: the script ran as soon as the page was parsed
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const n = NEAR_ONLY_ABOVE + 250;
    const { calls, extracted } = await decorateWithReadMarks(n);
    const sizes = calls.map((c) => (c.request as { papers: unknown[] }).papers.length);
    // The first entries went out in a request of their own, and the rest a chunk at a time as reading
    // passed them (the reader's next screens) before the page was read to its end; the last part at its end.
    const rest = n - TOP_HEAD_ENTRIES - ANNOTATE_FIRST - ANNOTATE_CHUNK;
    expect(sizes).toEqual([TOP_HEAD_ENTRIES, ANNOTATE_FIRST, ANNOTATE_CHUNK, rest]);
    expect(extracted.slice(0, 3)).toEqual([0, 0, 0]);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
    // Their rows are in and drawn with no observer report, in page order from the top; the rest wait.
    expect(shown().map((h) => h.closest('dd'))).toEqual(entries().slice(0, TOP_HEAD_ENTRIES));
    expect(drawn()).toBe(TOP_HEAD_ENTRIES);
    // No entry's layout was read to find them (the only read: the row width, once the frame had rendered).
    const entryReads = rect.mock.contexts.filter((el) => (el as Element).localName === 'dd');
    expect(entryReads.length).toBeLessThanOrEqual(1);
    FakeObserver.show(entries().slice(0, TOP_HEAD_ENTRIES + 10));
    await settle();
    expect(shown()).toHaveLength(TOP_HEAD_ENTRIES + 10);
    expect(drawn()).toBe(TOP_HEAD_ENTRIES + 10);
    expect(new Set(hosts().map((h) => h.getAttribute('data-arxiv-id'))).size).toBe(hosts().length);
  });

  it('asks for and places the rows near the viewport while the rest of the listing is still read', async () => {
    // A laid-out page: each entry 200 px tall, the viewport at the top (happy-dom lays nothing out).
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      const i = this.localName === 'dd' ? entries().indexOf(this as HTMLElement) : -1;
      const top = i < 0 ? 0 : i * 200;
      return {
        top,
        bottom: top + 200,
        height: 200,
        width: 800,
        left: 0,
        right: 800,
        x: 0,
        y: top,
      } as DOMRect;
    });
    const n = NEAR_ONLY_ABOVE + 250;
    const { calls, extracted } = await decorateWithReadMarks(n);
    const nearCount = entries().filter((_, i) => i * 200 < window.innerHeight + HEAD_MARGIN_PX).length;
    rect.mockRestore();
    const sizes = calls.map((c) => (c.request as { papers: unknown[] }).papers.length);
    // The head went out before the page was read to its end; then the rest, each paper asked once.
    expect(sizes[0]).toBe(nearCount);
    expect(extracted[0]).toBe(0);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
    // Its rows are in and drawn with no observer report; the rest wait to come near.
    expect(shown()).toHaveLength(nearCount);
    expect(drawn()).toBe(nearCount);
    expect(shown().map((h) => h.closest('dd'))).toEqual(entries().slice(0, nearCount));
    FakeObserver.show(entries().slice(0, nearCount + 10));
    await settle();
    expect(shown()).toHaveLength(nearCount + 10);
    expect(performance.getEntriesByName('paperpulse:first-drawn')).toHaveLength(1);
    // Marked after the next frame (a timer in happy-dom, late on a loaded machine): waited for, not assumed;
    // the marks are global, and an earlier test's late frame may add its own, so at least this run's.
    await vi.waitFor(() =>
      expect(performance.getEntriesByName('paperpulse:inserted').length).toBeGreaterThanOrEqual(1),
    );
  });
});
