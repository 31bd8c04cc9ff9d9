import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

/** Opens one of the extension's pages in a new tab (the popup closes when it navigates itself). */
export type OpenPage = (path: string) => void;

const openInTab: OpenPage = (path) => void browser.tabs.create({ url: browser.runtime.getURL(path as '/') });

/**
 * The researcher pages from the popup: a search over the whole index (opens search.html?q=…), the reading
 * list and the topic tree.
 */
export function ResearchLinks({ openPage = openInTab }: { openPage?: OpenPage }) {
  const [query, setQuery] = useState('');
  const go = (path: string) => (event: Event) => {
    event.preventDefault();
    openPage(path);
  };
  return (
    <nav class="pp-research" aria-label="Research pages">
      <search>
        <form
          class="pp-search-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (query.trim()) openPage(`/search.html?q=${encodeURIComponent(query.trim())}`);
          }}
        >
          <label class="pp-visually-hidden" for="pp-index-search">
            Search papers in the index
          </label>
          <input
            id="pp-index-search"
            type="search"
            placeholder="Search papers in the index…"
            value={query}
            onInput={(e) => setQuery(e.currentTarget.value)}
            data-index-search
          />
          <button type="submit" class="pp-button">
            Search
          </button>
        </form>
      </search>
      <p class="pp-research-links">
        <a href="/saved.html" onClick={go('/saved.html')} data-open-saved>
          Saved papers
        </a>
        {' · '}
        <a href="/topics.html" onClick={go('/topics.html')} data-open-topics>
          All topics
        </a>
      </p>
    </nav>
  );
}
