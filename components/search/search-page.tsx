import { useState } from 'preact/hooks';
import { LoadError } from '@/components/load-error';
import { SearchForm } from './search-form';
import { ignoredDatesNote, type SearchParams } from './search-params';
import { SearchResults } from './search-results';
import { useSearch } from './use-search';

interface SearchPageProps {
  initial: SearchParams;
  /** The page's URL follows the search (history.replaceState in the extension). */
  onParams?: (query: string) => void;
}

/** `search.html?q=QUERY`: ranked search over every paper in the index, with topic and date filters. */
export function SearchPage({
  initial,
  onParams = (q) => history.replaceState(null, '', q),
}: SearchPageProps) {
  const [draft, setDraft] = useState(initial);
  const [asked, setAsked] = useState(initial);
  // Dates of the address that are none: searched without them, and said (until the next search).
  const [note, setNote] = useState(() => ignoredDatesNote(initial));
  const { shown, more, loadMore, retry } = useSearch(asked, onParams);

  return (
    <main class="pp-page pp-wide" data-search-page>
      <h1>Search your index</h1>
      <SearchForm
        draft={draft}
        onDraft={setDraft}
        onSubmit={() => {
          setNote(undefined);
          setAsked({ ...draft });
        }}
      />
      {note && (
        <p class="pp-muted" role="status" data-search-note>
          {note}
        </p>
      )}
      {shown.state === 'idle' && (
        <p class="pp-empty">Type words from a title, an abstract or an author’s name.</p>
      )}
      {shown.state === 'loading' && (
        <p class="pp-muted" aria-live="polite">
          Searching… (the first search after the browser starts reads the whole index)
        </p>
      )}
      {shown.state === 'error' && <LoadError what="search results" error={shown.error} retry={retry} />}
      {shown.state === 'ready' && (
        <SearchResults
          answer={shown.answer}
          asked={asked}
          more={more}
          onMore={loadMore}
          onTopic={(topic) => {
            setDraft({ ...draft, topic });
            setAsked({ ...asked, topic });
          }}
        />
      )}
    </main>
  );
}
