import { useEffect, useState } from 'preact/hooks';
import { FollowAuthors } from '@/components/follow-authors';
import { LoadError } from '@/components/load-error';
import { PaperCard } from '@/components/paper-card';
import { SaveButton } from '@/components/saved/save-button';
import { useSavedIds } from '@/components/saved/use-saved-ids';
import { useSend } from '@/components/use-message';
import { errorText } from '@/lib/messages/client';
import type { ResponseOf } from '@/lib/messages/protocol';
import { dateBounds, type SearchParams, writeSearchParams } from './search-params';

const PAGE = 20;

type Answer = ResponseOf<'search.papers'>;
type Shown =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error'; error: string }
  | { state: 'ready'; answer: Answer };

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
  const send = useSend();
  const [draft, setDraft] = useState(initial);
  const [asked, setAsked] = useState(initial);
  const [shown, setShown] = useState<Shown>({ state: initial.q ? 'loading' : 'idle' });
  const [more, setMore] = useState(false);
  const papers = shown.state === 'ready' ? shown.answer.papers : [];
  const [saved, markSaved] = useSavedIds(papers.map((p) => p.id));

  useEffect(() => {
    document.title = asked.q ? `${asked.q} · PaperPulse search` : 'PaperPulse search';
    onParams(writeSearchParams(asked));
    if (!asked.q.trim()) return setShown({ state: 'idle' });
    let live = true;
    setShown({ state: 'loading' });
    const request = {
      query: asked.q.trim(),
      limit: PAGE,
      ...dateBounds(asked),
      ...(asked.topic ? { topic: asked.topic } : {}),
    };
    send('search.papers', request).then(
      (answer) => live && setShown({ state: 'ready', answer }),
      (error: unknown) => live && setShown({ state: 'error', error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [send, asked.q, asked.topic, asked.from, asked.to]);

  const loadMore = async () => {
    if (shown.state !== 'ready') return;
    setMore(true);
    try {
      const next = await send('search.papers', {
        query: asked.q.trim(),
        offset: papers.length,
        limit: PAGE,
        ...dateBounds(asked),
        ...(asked.topic ? { topic: asked.topic } : {}),
      });
      setShown({ state: 'ready', answer: { ...next, papers: [...papers, ...next.papers] } });
    } catch (error) {
      setShown({ state: 'error', error: errorText(error) });
    } finally {
      setMore(false);
    }
  };

  return (
    <main class="pp-page pp-wide" data-search-page>
      <h1>Search your index</h1>
      <search>
        <form
          class="pp-search-form pp-search-page-form"
          onSubmit={(e) => {
            e.preventDefault();
            setAsked({ ...draft });
          }}
        >
          <label class="pp-visually-hidden" for="pp-search-q">
            Search papers: title, abstract, authors
          </label>
          <input
            id="pp-search-q"
            type="search"
            value={draft.q}
            placeholder="Title, abstract or author words"
            onInput={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
            data-search-input
          />
          <label>
            From{' '}
            <input
              type="date"
              value={draft.from}
              onInput={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
              data-search-from
            />
          </label>
          <label>
            To{' '}
            <input
              type="date"
              value={draft.to}
              onInput={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
              data-search-to
            />
          </label>
          <button type="submit" class="pp-button pp-primary">
            Search
          </button>
        </form>
      </search>
      {shown.state === 'idle' && (
        <p class="pp-empty">Type words from a title, an abstract or an author’s name.</p>
      )}
      {shown.state === 'loading' && (
        <p class="pp-muted" aria-live="polite">
          Searching… (the first search after the browser starts reads the whole index)
        </p>
      )}
      {shown.state === 'error' && (
        <LoadError what="search results" error={shown.error} retry={() => setAsked({ ...asked })} />
      )}
      {shown.state === 'ready' && (
        <>
          <p class="pp-muted" aria-live="polite" data-search-summary>
            {shown.answer.total.toLocaleString('en-US')}{' '}
            {shown.answer.total === 1 ? 'paper matches' : 'papers match'} “{asked.q.trim()}”
            {asked.topic ? ` in ${topicName(shown.answer, asked.topic)}` : ''}, best first (searched{' '}
            {shown.answer.searched.toLocaleString('en-US')} papers).
          </p>
          {shown.answer.topics.length > 0 && (
            <label class="pp-search-topic">
              Topic{' '}
              <select
                value={asked.topic}
                onChange={(e) => {
                  const topic = e.currentTarget.value;
                  setDraft({ ...draft, topic });
                  setAsked({ ...asked, topic });
                }}
                data-search-topic
              >
                <option value="">Any topic</option>
                {shown.answer.topics.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name} ({t.count})
                  </option>
                ))}
              </select>
            </label>
          )}
          <ol class="pp-paper-list" aria-label="Search results">
            {papers.map((paper) => (
              <li key={paper.id} data-arxiv-id={paper.id}>
                <PaperCard
                  paper={paper}
                  headingLevel={3}
                  actions={
                    <>
                      <SaveButton
                        id={paper.id}
                        title={paper.title}
                        saved={saved.has(paper.id)}
                        onChange={(isSaved) => markSaved(paper.id, isSaved)}
                        small
                      />
                      <FollowAuthors authors={paper.authors} />
                    </>
                  }
                />
              </li>
            ))}
          </ol>
          {papers.length < shown.answer.total && (
            <button type="button" class="pp-button" disabled={more} onClick={loadMore} data-search-more>
              {more
                ? 'Loading…'
                : `More results (${(shown.answer.total - papers.length).toLocaleString('en-US')} left)`}
            </button>
          )}
        </>
      )}
    </main>
  );
}

function topicName(answer: Answer, id: string): string {
  return answer.topics.find((t) => t.id === id)?.name ?? id;
}
