import type { PaperRef } from '../paper';
import { paperKey } from '../sites/paper-key';
import type { FoundPaper } from '../sites/types';

/** The contract's host element (DESIGN.md): one per decorated paper, open shadow root. */
export const HOST_TAG = 'paper-pulse';
/** The listing filter bar's host: a different name, so `paper-pulse` counts papers. */
export const BAR_TAG = 'paper-pulse-bar';

/** Heights reserved at insertion, equal to the row's own, so nothing moves when the chips arrive. */
export const ROW_HEIGHT = { compact: 22, full: 28 } as const;

export interface PaperHost {
  key: string;
  host: HTMLElement;
  /** Inside the shadow root: where the row is rendered (the root also holds the stylesheet). */
  mount: HTMLElement;
}

/**
 * A stable key per paper on a page: the arXiv id or DOI (lib/sites/paper-key), else the title; a paper
 * listed twice gets `#2`, `#3`… so each entry keeps its own host across re-runs.
 */
export function keyPapers(found: readonly FoundPaper[]): { key: string; paper: FoundPaper }[] {
  const keyOf = createPaperKeyer();
  return found.map((paper) => ({ key: keyOf(paper), paper }));
}

/** Keys papers one at a time, in page order, as `keyPapers` keys the whole list. */
export function createPaperKeyer(): (paper: FoundPaper) => string {
  const seen = new Map<string, number>();
  return (paper) => {
    const base = paperKey(paper.ref) ?? `title:${paper.ref.title.slice(0, 200)}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  };
}

/**
 * Makes a host (or takes over a leftover one from an earlier run of the script) for a paper, its height
 * reserved. Not yet in the page, and no shadow root yet: building 2000 of those costs no layout.
 */
export function createHost(
  doc: Document,
  key: string,
  ref: PaperRef,
  compact: boolean,
  owner: string,
  leftover?: HTMLElement,
): HTMLElement {
  const host = leftover ?? doc.createElement(HOST_TAG);
  host.setAttribute('data-pp-key', key);
  host.setAttribute('data-pp-owner', owner);
  if (ref.arxivId) host.setAttribute('data-arxiv-id', ref.arxivId);
  else host.removeAttribute('data-arxiv-id');
  reserveHeight(host, compact);
  // A leftover's content belongs to a dead script instance.
  host.shadowRoot?.replaceChildren();
  return host;
}

/** The host's open shadow root with the stylesheet, emptied, and the element rows are rendered into. */
export function mountIn(host: HTMLElement, applyStyles: (root: ShadowRoot) => void): HTMLElement {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.replaceChildren();
  applyStyles(root);
  const mount = host.ownerDocument.createElement('div');
  root.append(mount);
  return mount;
}

/** Both at once: a host with its shadow root (single-paper pages draw "finding topics…" at once). */
export function prepareHost(
  doc: Document,
  key: string,
  ref: PaperRef,
  compact: boolean,
  owner: string,
  applyStyles: (root: ShadowRoot) => void,
  leftover?: HTMLElement,
): PaperHost {
  const host = createHost(doc, key, ref, compact, owner, leftover);
  return { key, host, mount: mountIn(host, applyStyles) };
}

/**
 * The row's box from insertion on, the same as the shadow sheet gives it (`:host([data-pp-compact])`:
 * height and margins), so nothing moves when the chips arrive. Inline as well, for the moment before a
 * sheet applies (a `<style>` element where a constructed sheet cannot be adopted).
 */
function reserveHeight(host: HTMLElement, compact: boolean): void {
  host.toggleAttribute('data-pp-compact', compact);
  host.toggleAttribute('data-pp-full', !compact);
  const height = `${compact ? ROW_HEIGHT.compact : ROW_HEIGHT.full}px`;
  host.style.setProperty('display', 'block');
  host.style.setProperty('min-height', height);
  if (compact) host.style.setProperty('height', height);
  host.style.setProperty('margin', compact ? '2px 0' : '6px 0');
}

/** Puts the host where the adapter says, unless it is already there. */
export function placeHost(host: Element, paper: FoundPaper): void {
  if (isPlaced(host, paper)) return;
  const { anchor } = paper;
  switch (paper.placement) {
    case 'before':
      anchor.before(host);
      break;
    case 'after':
      anchor.after(host);
      break;
    case 'prepend':
      anchor.prepend(host);
      break;
    default:
      anchor.append(host);
  }
}

export function isPlaced(host: Element, paper: FoundPaper): boolean {
  const { anchor } = paper;
  switch (paper.placement) {
    case 'before':
      return anchor.previousElementSibling === host;
    case 'after':
      return anchor.nextElementSibling === host;
    case 'prepend':
      return host.parentElement === anchor && anchor.firstElementChild === host;
    default:
      return host.parentElement === anchor && anchor.lastElementChild === host;
  }
}

/** Every host in the document, ours or an earlier run's, by key. */
export function hostsInDocument(doc: Document): Map<string, HTMLElement> {
  const hosts = new Map<string, HTMLElement>();
  for (const host of doc.querySelectorAll<HTMLElement>(HOST_TAG)) {
    const key = host.getAttribute('data-pp-key');
    if (key && !hosts.has(key)) hosts.set(key, host);
    else host.remove(); // a duplicate or unkeyed host: never two per paper
  }
  return hosts;
}

/**
 * The width a compact row gets, read once per page from the first entry before anything is inserted (the
 * layout is still clean then, so the read costs nothing); rows fit their chips to it.
 */
export function entryWidth(paper: FoundPaper | undefined): number | undefined {
  const width = paper?.entry.getBoundingClientRect?.().width;
  return width && width > 0 ? Math.floor(width) : undefined;
}
