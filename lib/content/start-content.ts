import type { Send } from '../messages/client';
import { listingCategory } from '../sites/adapters/arxiv-listing';
import type { SiteAdapter } from '../sites/types';
import { type Debounced, debounce } from './debounce';
import type { InpageEnv, InpageRenderer } from './inpage-renderer';
import { markTiming } from './mark-timing';
import { navigationType, opensAtTop } from './near-head';
import { whenSettled } from './page-ready';
import { createPageSession, type PageSession } from './page-session';
import { BAR_TAG, HOST_TAG } from './paper-hosts';
import { createPaperSelection } from './paper-selection';
import { createTopicStore, type TopicStore } from './topic-store';

/** The part of WXT's ContentScriptContext the content script uses (tests pass a small fake). */
export interface ContentLifecycle {
  readonly signal: AbortSignal;
  onInvalidated(cb: () => void): () => void;
  addEventListener(target: Window, type: 'wxt:locationchange', handler: (event: Event) => void): void;
}

export interface ContentDeps {
  ctx: ContentLifecycle;
  win: Window;
  send: Send;
  topicUrl(id: string): string;
  createRenderer(env: InpageEnv): InpageRenderer;
  findAdapter(url: URL): SiteAdapter | undefined;
  /** A single-page-app site: keep listening even where no adapter matches yet (its list page, say). */
  isSpaSite(url: URL): boolean;
  /** Quiet time after the last DOM change (or URL change) before extracting again. */
  settleMs?: number;
  /** The longest a page that never rests can hold extraction back. */
  maxWaitMs?: number;
  /** Waits as document_idle would before a page other than a long listing is read (tests: at once). */
  settled?(win: Window): Promise<void>;
  /** While the index is still filling, ask again this often so badges turn real without a reload. */
  fillingRecheckMs?: number;
}

export interface ContentHandle {
  session: PageSession;
  store: TopicStore;
  /** The first decoration (tests and the bench wait on it). */
  ready: Promise<void>;
}

/**
 * The content script's body: decorate the page if an adapter knows it, then follow the page as it
 * changes (client-side navigation, re-renders) until WXT invalidates the context, which removes
 * everything this run added. Does nothing at all on pages no adapter recognises.
 */
export function startContent(deps: ContentDeps): ContentHandle | null {
  const { ctx, win } = deps;
  const doc = win.document;
  const here = () => safeUrl(win.location.href);
  const url = here();
  if (!url) return null;
  const adapter = deps.findAdapter(url);
  const spa = deps.isSpaSite(url) || adapter?.spa === true;
  if (!adapter && !spa) return null;

  markTiming(doc, 'paperpulse:start', 0);
  const store = createTopicStore();
  let session: PageSession | undefined;
  const env: InpageEnv = {
    send: deps.send,
    store,
    topicUrl: deps.topicUrl,
    openTopic: async (id, gesture, ask) =>
      void (await deps.send('topic.open', ask ? { id, ask } : { id }, gesture)),
    selection: createPaperSelection(),
    openLearn: async (ids, gesture) =>
      void (await deps.send('topics.openLearn', { examples: [...ids] }, gesture)),
    refresh: () => void session?.refresh(),
  };
  const pageCategory = listingCategory(url);
  if (pageCategory) env.pageCategory = pageCategory;
  session = createPageSession({
    doc,
    send: deps.send,
    store,
    renderer: deps.createRenderer(env),
    signal: ctx.signal,
  });
  const live = session;
  ctx.onInvalidated(() => live.destroy());
  // The script runs once the page is parsed: a long listing that opens at its top is read at once (its
  // head needs no layout, near-head.ts); any other page waits as document_idle would.
  const early = Boolean(adapter?.extractEach) && opensAtTop(url, navigationType(win));
  const ready = (early ? Promise.resolve() : (deps.settled ?? whenSettled)(win)).then(() =>
    ctx.signal.aborted ? undefined : live.sync(adapter, url),
  );

  const resync = () => {
    const now = here();
    if (now && !ctx.signal.aborted) void live.sync(deps.findAdapter(now), now);
  };
  const wait = { wait: deps.settleMs ?? 150, maxWait: deps.maxWaitMs ?? 1000 };
  // DOM changes and URL changes each have their own timer: a page whose DOM never rests cannot push a
  // navigation back, and either resyncs within maxWait however busy the page is.
  const settle = stopOnInvalidate(debounce(win, resync, wait), ctx);
  const navigated = stopOnInvalidate(debounce(win, resync, wait), ctx);
  // "index filling" is a state, not an answer: look again until momentum is known.
  const recheck = stopOnInvalidate(
    debounce(win, () => void live.refresh().then(() => store.index()?.filling && recheck()), {
      wait: deps.fillingRecheckMs ?? 30_000,
    }),
    ctx,
  );
  void ready.then(() => store.index()?.filling && recheck());
  // WXT's event comes from the Navigation API (before the URL changes) or a 1 s poll; a DOM change seen
  // under a new URL is a navigation too, and is handled as one at once.
  ctx.addEventListener(win, 'wxt:locationchange', navigated);
  let seen = url.href;
  if (spa) {
    watchDom(
      doc,
      () => {
        if (win.location.href !== seen) {
          seen = win.location.href;
          navigated();
        }
        settle();
      },
      ctx,
    );
  }
  return { session: live, store, ready };
}

function stopOnInvalidate(debounced: Debounced, ctx: ContentLifecycle): Debounced {
  ctx.onInvalidated(debounced.cancel);
  return debounced;
}

/** Re-extract after the site re-renders; our own hosts coming and going is not a re-render. */
function watchDom(doc: Document, onChange: () => void, ctx: ContentLifecycle): void {
  const View = doc.defaultView;
  if (!View?.MutationObserver || !doc.body) return;
  const observer = new View.MutationObserver((mutations) => {
    if (mutations.some((m) => !isOurs(m.addedNodes) || !isOurs(m.removedNodes))) onChange();
  });
  observer.observe(doc.body, { childList: true, subtree: true });
  ctx.onInvalidated(() => observer.disconnect());
}

function isOurs(nodes: NodeList): boolean {
  for (const node of nodes) {
    const name = (node as Element).localName;
    if (name !== HOST_TAG && name !== BAR_TAG) return false;
  }
  return true;
}

function safeUrl(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}
