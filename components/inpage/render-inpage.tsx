import { render } from 'preact';
import type { InpageRenderer, RowOptions } from '@/lib/content/inpage-renderer';
import type { PaperView } from '@/lib/content/paper-view';
import { handOn, isUserEvent } from '@/lib/content/user-event';
import { FilterBar } from './filter-bar';
import { type InpageEnv, InpageEnvContext } from './inpage-env';
import { applyInpageStyles, followPageScheme } from './inpage-styles';
import { PaperChips } from './paper-chips';
import { hostOf } from './shadow-host';
import { drawStaticRow, drawsStatically } from './static-row';

interface StaticRow {
  mount: HTMLElement;
  view: PaperView;
  options: RowOptions;
}

/** What turns a static row live; at the document, an event from inside a row is retargeted to its host. */
const WAKE_EVENTS = ['mouseover', 'focusin', 'click'] as const;

/**
 * The Preact implementation of the page session's renderer: each host is its own small render root.
 * Listing rows start static (static-row.ts) and become live PaperChips on the first hover, focus or click.
 */
export function createInpageRenderer(env: InpageEnv): InpageRenderer {
  const statics = new WeakMap<Element, StaticRow>();
  const live = new WeakSet<HTMLElement>();
  let listening: Document | null = null;

  const renderLive = (mount: HTMLElement, view: PaperView, options: RowOptions) => {
    if (!live.has(mount)) mount.replaceChildren();
    live.add(mount);
    render(
      <InpageEnvContext.Provider value={env}>
        <PaperChips view={view} {...options} />
      </InpageEnvContext.Provider>,
      mount,
    );
  };

  const wake = (event: Event) => wakeRow(event, statics, renderLive);

  const listen = (doc: Document) => {
    if (listening === doc) return;
    stopListening();
    for (const type of WAKE_EVENTS) doc.addEventListener(type, wake, true);
    listening = doc;
  };
  const stopListening = () => {
    for (const type of WAKE_EVENTS) listening?.removeEventListener(type, wake, true);
    listening = null;
  };

  // The page may turn dark (or light) after load: hosts follow it, from the first one styled.
  let stopScheme: (() => void) | undefined;

  return {
    styleRoot(root) {
      applyInpageStyles(root);
      stopScheme ??= followPageScheme(root.ownerDocument);
    },
    row(mount, view, options) {
      const host = hostOf(mount);
      const index = env.store.index();
      if (live.has(mount) || !host || !index || !drawsStatically(view, options.compact)) {
        if (host) statics.delete(host);
        renderLive(mount, view, options);
        return;
      }
      drawStaticRow(mount, view.annotation, env.store, index, options.width, env.pageCategory);
      statics.set(host, { mount, view, options });
      listen(mount.ownerDocument);
    },
    bar(mount, state) {
      render(
        <InpageEnvContext.Provider value={env}>
          <FilterBar {...state} />
        </InpageEnvContext.Provider>,
        mount,
      );
    },
    clear(mount) {
      const host = hostOf(mount);
      if (host) statics.delete(host);
      if (live.has(mount)) render(null, mount);
      else mount.replaceChildren();
      live.delete(mount);
    },
    destroy() {
      stopListening();
      stopScheme?.();
      stopScheme = undefined;
    },
  };
}

/** Turns the static row a user's event came from live, and hands the event on to the same place in it. */
function wakeRow(
  event: Event,
  statics: WeakMap<Element, StaticRow>,
  renderLive: (mount: HTMLElement, view: PaperView, options: RowOptions) => void,
) {
  // A page script's events wake nothing (and so could not be handed on as the user's).
  if (!isUserEvent(event)) return;
  // At the document, the browser retargets an event from inside a row to its host (happy-dom does not).
  const host = event.target instanceof Element ? (hostOf(event.target) ?? event.target) : null;
  const row = host && statics.get(host);
  if (!row) return;
  statics.delete(host);
  const inner = event.composedPath()[0];
  renderLive(row.mount, row.view, row.options);
  // Hand the event on to the live row's element in the same place: its listeners are in by now.
  const target = inner instanceof Element ? samePlace(inner, row.mount) : null;
  if (!target) return;
  if (event.type === 'focusin') target.focus();
  else
    handOn(
      event,
      target,
      new MouseEvent(event.type, { ...pointerAt(event), bubbles: true, composed: true, cancelable: true }),
    );
}

/** Where a mouse event happened, for the one handed on in its place. */
function pointerAt(event: Event): MouseEventInit {
  if (!(event instanceof MouseEvent)) return {};
  const { clientX, clientY, screenX, screenY } = event;
  return { clientX, clientY, screenX, screenY };
}

/** In a row just turned live, the element where `inner` was in the static row: the same chip, or "+N". */
function samePlace(inner: Element, mount: HTMLElement): HTMLElement | null {
  const chipId = inner.closest('[data-topic-id]')?.getAttribute('data-topic-id');
  if (chipId) {
    const chips = mount.querySelectorAll<HTMLElement>('[data-topic-id]');
    return [...chips].find((c) => c.getAttribute('data-topic-id') === chipId) ?? null;
  }
  return inner.closest('.pp-more') ? mount.querySelector<HTMLElement>('.pp-more') : null;
}
