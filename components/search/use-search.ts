import { useEffect, useState } from 'preact/hooks';
import { useSend } from '@/components/use-message';
import { errorText } from '@/lib/messages/client';
import type { ResponseOf } from '@/lib/messages/protocol';
import { type SearchParams, searchRequest, writeSearchParams } from './search-params';

const PAGE = 20;

export type SearchAnswer = ResponseOf<'search.papers'>;
type SearchShown =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'error'; error: string }
  | { state: 'ready'; answer: SearchAnswer };

/**
 * The answer to the asked search, and "more" for its next page. The page's title and URL follow the
 * search; an empty query shows nothing rather than asking the background.
 */
export function useSearch(asked: SearchParams, onParams: (query: string) => void) {
  const send = useSend();
  const [shown, setShown] = useState<SearchShown>({ state: asked.q ? 'loading' : 'idle' });
  const [more, setMore] = useState(false);
  // Asking again for the same search (Retry) changes nothing in `asked`: this count re-runs it.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    document.title = asked.q ? `${asked.q} · PaperPulse search` : 'PaperPulse search';
    onParams(writeSearchParams(asked));
    if (!asked.q.trim()) return setShown({ state: 'idle' });
    let live = true;
    setShown({ state: 'loading' });
    send('search.papers', searchRequest(asked, PAGE)).then(
      (answer) => live && setShown({ state: 'ready', answer }),
      (error: unknown) => live && setShown({ state: 'error', error: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [send, asked.q, asked.topic, asked.from, asked.to, attempt]);

  const loadMore = async () => {
    if (shown.state !== 'ready') return;
    const papers = shown.answer.papers;
    setMore(true);
    try {
      const next = await send('search.papers', searchRequest(asked, PAGE, papers.length));
      setShown({ state: 'ready', answer: { ...next, papers: [...papers, ...next.papers] } });
    } catch (error) {
      setShown({ state: 'error', error: errorText(error) });
    } finally {
      setMore(false);
    }
  };

  return { shown, more, loadMore, retry: () => setAttempt((n) => n + 1) };
}
