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
  const seen = new Map<string, number>();
  return found.map((paper) => {
    const base = paperKey(paper.ref) ?? `title:${paper.ref.title.slice(0, 200)}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { key: n === 1 ? base : `${base}#${n}`, paper };
  });
}

/** Makes a host (or takes over a leftover one from an earlier run of the script) for a paper. */
export function prepareHost(
  doc: Document,
  key: string,
  ref: PaperRef,
  compact: boolean,
  owner: string,
  applyStyles: (root: ShadowRoot) => void,
  leftover?: HTMLElement,
): PaperHost {
  const host = leftover ?? doc.createElement(HOST_TAG);
  host.setAttribute('data-pp-key', key);
  host.setAttribute('data-pp-owner', owner);
  if (ref.arxivId) host.setAttribute('data-arxiv-id', ref.arxivId);
  else host.removeAttribute('data-arxiv-id');
  reserveHeight(host, compact);
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  // A leftover's content belongs to a dead script instance: start from a clean root.
  root.replaceChildren();
  applyStyles(root);
  const mount = doc.createElement('div');
  root.append(mount);
  return { key, host, mount };
}

/**
 * The shadow sheet reserves the height through these attributes (`:host([data-pp-compact])`); the inline
 * style only covers the moment before the sheet applies.
 */
function reserveHeight(host: HTMLElement, compact: boolean): void {
  host.toggleAttribute('data-pp-compact', compact);
  host.toggleAttribute('data-pp-full', !compact);
  host.style.setProperty('display', 'block');
  host.style.setProperty('min-height', `${compact ? ROW_HEIGHT.compact : ROW_HEIGHT.full}px`);
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
