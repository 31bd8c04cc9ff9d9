import type { PaperRef } from '../paper';

/** A paper found on a page, and where its UI goes. */
export interface FoundPaper {
  /** Every string trimmed, whitespace collapsed and bounded (passes `PaperRefSchema`). */
  ref: PaperRef;
  /** The whole entry (a listing's `<dd>`, a search result's `<li>`, the abstract page's `#abs`): highlighted or hidden. */
  entry: Element;
  /** The element the UI host is placed next to. */
  anchor: Element;
  placement: 'before' | 'after' | 'prepend' | 'append';
  /** Listing pages only: the section the entry was announced in. */
  section?: 'new' | 'cross-list' | 'replacement';
}

export interface SiteAdapter {
  /** kebab-case, unique. */
  id: string;
  name: string;
  /** WebExtension match patterns: the site's hosts only (the opt-in generic adapter: every http(s) page). */
  matches: string[];
  /** True only for the generic Highwire adapter, which needs an optional host permission. */
  optIn?: boolean;
  /** The site re-renders client side: the content script watches for changes and extracts again. */
  spa?: boolean;
  /** URLs that must / must not be handled by this adapter (the registry test opens every one). */
  examples: { match: string[]; noMatch: string[] };
  /** Path-level test on top of `matches`. */
  handles(url: URL): boolean;
  /** Never throws on broken markup; `[]` when nothing is found. */
  extract(doc: Document, url: URL): FoundPaper[];
  /**
   * Optional, for pages that list thousands of papers: the same papers as `extract`, in the same order,
   * one at a time, so the content script can spread reading a long page over several short tasks. Never
   * throws on broken markup.
   */
  extractEach?(doc: Document, url: URL): Iterable<FoundPaper>;
  /** Listing and search pages: the element a filter bar is inserted before (the top of the list). */
  listRoot?(doc: Document): Element | null;
}
