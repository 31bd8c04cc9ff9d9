import type { IndexInfo } from '../messages/schemas';
import { createEntryStyler } from './entry-styles';
import type { InpageRenderer } from './inpage-renderer';
import { countEntries, type FilterEntry, type FilterMode, flagsOf, isShown } from './listing-filter';
import { BAR_TAG } from './paper-hosts';
import type { TopicStore } from './topic-store';

export interface ListingController {
  /** Puts the bar above the list (again, if the page re-rendered it away). */
  place(listRoot: Element): void;
  /** Recounts and re-applies the filter and the followed highlight over the entries. */
  update(entries: readonly FilterEntry[], status: { pending: boolean; error?: string }): void;
  destroy(): void;
}

const BAR_HEIGHT = 36;
const UNTOUCHED = { hidden: false, followed: false };

/** The filter bar of a listing page and what it does to the entries. */
export function createListingController(
  doc: Document,
  store: TopicStore,
  renderer: InpageRenderer,
  owner: string,
): ListingController {
  const styler = createEntryStyler();
  const shown = new WeakMap<Element, { hidden: boolean; followed: boolean }>();
  let mode: FilterMode = 'all';
  let lastEntries: readonly FilterEntry[] = [];
  let lastStatus: { pending: boolean; error?: string } = { pending: true };

  const host = doc.querySelector<HTMLElement>(BAR_TAG) ?? doc.createElement(BAR_TAG);
  host.setAttribute('data-pp-owner', owner);
  host.setAttribute('data-pp-bar', '');
  host.style.setProperty('display', 'block');
  host.style.setProperty('min-height', `${BAR_HEIGHT}px`);
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.replaceChildren();
  renderer.styleRoot(root);
  const mount = doc.createElement('div');
  root.append(mount);

  const update = (entries: readonly FilterEntry[], status: { pending: boolean; error?: string }) => {
    lastEntries = entries;
    lastStatus = status;
    const flags = entries.map((e) => flagsOf(e, store.topic));
    entries.forEach((e, i) => {
      const f = flags[i]!;
      const next = { hidden: !isShown(mode, f), followed: f.followed };
      // Only touch the page where something changed (an entry never touched is shown, not highlighted):
      // 4000 style writes to the entries' dt and dd would be a long task.
      const was = shown.get(e.entry) ?? UNTOUCHED;
      if (was.hidden !== next.hidden) styler.setHidden(e.entry, next.hidden);
      if (was.followed !== next.followed) styler.setHighlighted(e.entry, next.followed);
      shown.set(e.entry, next);
    });
    const index: IndexInfo | null = store.index();
    renderer.bar(mount, {
      counts: countEntries(flags),
      mode,
      onChange: (next) => {
        mode = next;
        update(lastEntries, lastStatus);
      },
      index,
      pending: status.pending,
      ...(status.error ? { error: status.error } : {}),
    });
  };
  const unsubscribe = store.subscribe(() => update(lastEntries, lastStatus));

  return {
    place(listRoot) {
      if (listRoot.previousElementSibling !== host) listRoot.before(host);
    },
    update,
    destroy() {
      unsubscribe();
      renderer.clear(mount);
      styler.restoreAll();
      if (host.getAttribute('data-pp-owner') === owner) host.remove();
    },
  };
}
