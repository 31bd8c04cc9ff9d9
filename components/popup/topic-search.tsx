import { useEffect, useState } from 'preact/hooks';
import { type Loadable, useDebounced, useSend } from '@/components/use-message';
import { errorText } from '@/lib/messages/client';
import type { IndexInfo, TopicSummary } from '@/lib/messages/schemas';
import { TopicList } from './topic-list';

interface TopicSearchProps {
  index: IndexInfo;
  onFollowChange: (topic: TopicSummary) => void;
  debounceMs?: number;
}

/** Find any topic by name, alias or category, including the user's own, and follow it from the results. */
export function TopicSearch({ index, onFollowChange, debounceMs = 150 }: TopicSearchProps) {
  const send = useSend();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), debounceMs);
  const [results, setResults] = useState<Loadable<TopicSummary[]> | undefined>();

  useEffect(() => {
    if (!query) {
      setResults(undefined);
      return;
    }
    let current = true;
    setResults({ state: 'loading' });
    send('topics.find', { query, limit: 8 }).then(
      (answer) => current && setResults({ state: 'ready', data: answer.topics }),
      (error: unknown) => current && setResults({ state: 'error', error: errorText(error) }),
    );
    return () => {
      current = false;
    };
  }, [send, query]);

  const changed = (topic: TopicSummary) => {
    setResults((old) =>
      old?.state === 'ready'
        ? { state: 'ready', data: old.data.map((t) => (t.id === topic.id ? topic : t)) }
        : old,
    );
    onFollowChange(topic);
  };

  return (
    <section class="pp-section" aria-labelledby="pp-search-heading">
      <h2 id="pp-search-heading">Find a topic</h2>
      <search>
        <form onSubmit={(event) => event.preventDefault()}>
          <label for="pp-topic-search" class="pp-visually-hidden">
            Topic name, acronym or arXiv category
          </label>
          <input
            id="pp-topic-search"
            type="search"
            value={text}
            placeholder="e.g. Agentic RL, diffusion, cs.CV"
            autocomplete="off"
            onInput={(event) => setText(event.currentTarget.value)}
            data-topic-search
          />
        </form>
      </search>
      <div aria-live="polite" data-search-results>
        {results?.state === 'loading' && <p class="pp-muted">Searching…</p>}
        {results?.state === 'error' && (
          <p role="alert" class="pp-error">
            Search failed: {results.error}
          </p>
        )}
        {results?.state === 'ready' && results.data.length === 0 && (
          <p class="pp-empty">
            No topic matches “{query}”.{' '}
            <a href="/options.html#custom-topics" target="_blank" rel="noopener">
              Define your own topic
            </a>
            .
          </p>
        )}
        {results?.state === 'ready' && results.data.length > 0 && (
          <TopicList
            topics={results.data}
            index={index}
            onChange={changed}
            label={`Topics matching ${query}`}
          />
        )}
      </div>
    </section>
  );
}
