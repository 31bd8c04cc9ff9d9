import type { Annotation } from '../messages/schemas';
import type { FoundPaper } from '../sites/types';
import type { InpageRenderer } from './inpage-renderer';
import { createHost, hostsInDocument, mountIn, placeHost } from './paper-hosts';
import type { PaperView } from './paper-view';
import { forEachSliced, type SliceOptions } from './slice-work';

/** One decorated paper of the page: its host, where its row renders, and what the row shows. */
export interface HostRecord {
  key: string;
  /** Null until the row is placed: a long listing's rows get their host as they come near the viewport. */
  host: HTMLElement | null;
  /** Inside the shadow root: where the row is rendered (a listing row gets it when first drawn). */
  mount: HTMLElement | null;
  paper: FoundPaper;
  compact: boolean;
  width?: number;
  view: PaperView;
  rendered: PaperView | null;
  /** Placed ahead of coming near (near-rows.ts): its empty host keeps the room, the row is drawn once near. */
  held?: boolean;
}

export interface PageLayout {
  compact: boolean;
  width?: number;
  /**
   * Rows get their host only when placed (`place`): a 2000-entry listing then makes a host, with its
   * styles and shadow root, for the rows near the viewport alone.
   */
  lazy?: boolean;
}

/** The page's hosts, one per paper found, reconciled with what the page shows on every run. */
export interface HostRecords {
  get(key: string): HostRecord | undefined;
  values(): IterableIterator<HostRecord>;
  readonly size: number;
  /**
   * Drops the hosts of papers no longer found (ours and a leftover run's), keeps the ones still right and
   * builds the missing ones off the page (only records, no host, for a lazy layout). The records to put
   * in the page, in `ordered` order; null when stopped meanwhile.
   */
  reconcile(
    ordered: readonly { key: string; paper: FoundPaper }[],
    layout: PageLayout,
    known: ReadonlyMap<string, Annotation>,
    slicing: SliceOptions,
  ): Promise<HostRecord[] | null>;
  /** Records for these papers, kept or made (made lazy: no host), dropping none: the head of a listing. */
  adopt(keyed: readonly { key: string; paper: FoundPaper }[], layout: PageLayout): HostRecord[];
  /** Puts the row's host in the page, making it first if the row has none yet. */
  place(rec: HostRecord): HTMLElement;
  dropAll(): void;
}

/** `owner` marks the hosts this run makes, so tearing down never removes a newer run's hosts. */
export function createHostRecords(doc: Document, renderer: InpageRenderer, owner: string): HostRecords {
  const records = new Map<string, HostRecord>();

  const drop = (rec: HostRecord) => {
    if (rec.mount) renderer.clear(rec.mount);
    if (rec.host?.getAttribute('data-pp-owner') === owner) rec.host.remove();
    records.delete(rec.key);
  };

  const build = (
    key: string,
    paper: FoundPaper,
    layout: PageLayout,
    annotation: Annotation | undefined,
    leftover: HTMLElement | undefined,
  ): HostRecord => {
    const { compact, width } = layout;
    // A listing row gets its shadow root when it is drawn: an empty host is the cheapest box for the page
    // to make room for (inline styles give it the final box). A single paper's says "finding topics…".
    // A lazy row makes none until placed, unless an earlier run left one in the page.
    const host = layout.lazy && !leftover ? null : createHost(doc, key, paper.ref, compact, owner, leftover);
    const rec: HostRecord = {
      key,
      host,
      mount: compact || !host ? null : mountIn(host, renderer.styleRoot),
      paper,
      compact,
      ...(width !== undefined ? { width } : {}),
      view: annotation ? { status: 'ready', annotation } : { status: 'loading' },
      rendered: null,
    };
    records.set(key, rec);
    return rec;
  };

  return {
    get: (key) => records.get(key),
    values: () => records.values(),
    get size() {
      return records.size;
    },
    async reconcile(ordered, layout, known, slicing) {
      const wanted = new Set(ordered.map((k) => k.key));
      for (const rec of [...records.values()]) if (!wanted.has(rec.key)) drop(rec);
      const existing = hostsInDocument(doc);
      for (const [key, host] of existing) if (!wanted.has(key)) host.remove();
      const toPlace: HostRecord[] = [];
      const built = await forEachSliced(
        ordered,
        ({ key, paper }) => {
          const rec = records.get(key);
          if (rec && keeps(rec, layout)) {
            rec.paper = paper;
            toPlace.push(rec);
            return;
          }
          if (rec) drop(rec);
          toPlace.push(build(key, paper, layout, known.get(key), existing.get(key)));
        },
        slicing,
      );
      return built ? toPlace : null;
    },
    adopt(keyed, layout) {
      const left = hostsInDocument(doc);
      return keyed.map(
        ({ key, paper }) => records.get(key) ?? build(key, paper, layout, undefined, left.get(key)),
      );
    },
    place(rec) {
      rec.host ??= createHost(doc, rec.key, rec.paper.ref, rec.compact, owner);
      placeHost(rec.host, rec.paper);
      return rec.host;
    },
    dropAll() {
      for (const rec of [...records.values()]) drop(rec);
    },
  };
}

/** A record a run keeps as it is: its host still in the page (or, lazy, none yet), its layout the same. */
function keeps(rec: HostRecord, layout: PageLayout): boolean {
  const placedOrWaiting = rec.host ? rec.host.isConnected : layout.lazy === true;
  return placedOrWaiting && rec.compact === layout.compact;
}
