import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { SourcePaper } from '@/lib/ask/extractive';
import { ContextOverflowError, type ModelProgress, startModelAnswer } from '@/lib/ask/model-answer';
import { type LanguageModelApi, languageModelOf, modelAvailability } from '@/lib/ask/prompt-model';

export type ModelState =
  | 'checking'
  | 'unavailable'
  | 'downloadable'
  | 'downloading'
  | 'writing'
  | 'done'
  | 'stopped'
  | 'empty'
  | 'overflow'
  | 'failed';

/**
 * A written answer from Chrome's on-device model, where there is one. Starts by itself when the model is
 * there (or already downloading); when it must be downloaded first it waits for `start()` (the page tells
 * the user before). Stopped by `stop()`, by a new question and by the page closing.
 */
export function useModelAnswer(question: string, papers: readonly SourcePaper[], scope: object = globalThis) {
  const [state, setState] = useState<ModelState>('checking');
  const [progress, setProgress] = useState(0);
  const [answer, setAnswer] = useState<ModelProgress | undefined>();
  const [error, setError] = useState('');
  const run = useRef<{ stop: () => void } | undefined>(undefined);
  const api = useRef<LanguageModelApi | undefined>(languageModelOf(scope));

  const start = useCallback(() => {
    if (!api.current || papers.length === 0) return;
    run.current?.stop();
    setAnswer(undefined);
    const current = startModelAnswer({
      api: api.current,
      question,
      papers,
      onUpdate: (update) => {
        setAnswer(update);
        setState('writing');
      },
      onDownload: (loaded) => {
        setProgress(loaded);
        if (loaded < 1) setState('downloading');
      },
    });
    run.current = current;
    current.done.then(
      (final) =>
        run.current === current &&
        setState(final.stopped ? 'stopped' : final.sentences.length ? 'done' : 'empty'),
      (failure: unknown) => {
        if (run.current !== current) return;
        if (failure instanceof ContextOverflowError) setState('overflow');
        else if ((failure as Error)?.name === 'AbortError') setState('stopped');
        else {
          setError(String((failure as Error)?.message ?? failure));
          setState('failed');
        }
      },
    );
  }, [question, papers]);

  useEffect(() => {
    let live = true;
    setState('checking');
    setAnswer(undefined);
    void modelAvailability(api.current).then((available) => {
      if (!live) return;
      if (available === 'available' || available === 'downloading') start();
      else setState(available);
    });
    const stop = () => run.current?.stop();
    // Closing the page ends the session: no model keeps writing for a page that is gone.
    addEventListener('pagehide', stop);
    return () => {
      live = false;
      removeEventListener('pagehide', stop);
      stop();
      run.current = undefined;
    };
  }, [start]);

  const stop = useCallback(() => run.current?.stop(), []);
  return { state, progress, answer, error, start, stop };
}
