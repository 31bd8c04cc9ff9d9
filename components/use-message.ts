import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { errorText, type Send } from '@/lib/messages/client';
import { checkAnswer, send } from '@/lib/messages/page-send';
import type { MessageName, RequestOf, ResponseOf } from '@/lib/messages/protocol';
import { type EarlyAnswers, sendFirstFrom } from './early-asks';

/** Pages get the real `send`; tests provide a fake through SendContext. */
export const SendContext = createContext<Send>(send);

export function useSend(): Send {
  return useContext(SendContext);
}

/**
 * The page's `send`, answering its opening asks first from `early` (started by the entrypoint before the
 * page's first render, ./early-asks.ts), each once and checked like any answer; without `early`, `send`.
 */
export function useSendFirstFrom(early: EarlyAnswers | undefined): Send {
  const sendMessage = useSend();
  return useMemo(
    () => (early ? sendFirstFrom(early, sendMessage, checkAnswer) : sendMessage),
    [early, sendMessage],
  );
}

export type Loadable<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'error'; error: string };

/**
 * Asks the background once (and again on `reload`), exposing loading / data / error for honest UI states.
 * A reload keeps showing the previous data until the new answer arrives, and an answer that arrives after
 * a newer request was made is dropped, so a slow reply never overwrites a fresh one.
 * `update` changes the shown data locally (optimistic updates after an action).
 */
export function useMessage<N extends MessageName>(name: N, request: RequestOf<N>, deps: unknown[] = []) {
  const sendMessage = useSend();
  const [value, setValue] = useState<Loadable<ResponseOf<N>>>({ state: 'loading' });
  const generation = useRef(0);
  // The request is compared by value (through `key`), so a new object literal each render is no new request.
  const key = JSON.stringify(request);
  const reload = useCallback(() => {
    const mine = ++generation.current;
    return sendMessage(name, request).then(
      (data) => {
        if (mine === generation.current) setValue({ state: 'ready', data });
      },
      (error: unknown) => {
        if (mine === generation.current) setValue({ state: 'error', error: errorText(error) });
      },
    );
  }, [sendMessage, name, key, ...deps]);
  useEffect(() => {
    void reload();
    return () => {
      generation.current++; // an answer after unmount (or a new request) is not shown
    };
  }, [reload]);
  const update = useCallback((change: (data: ResponseOf<N>) => ResponseOf<N>) => {
    setValue((current) =>
      current.state === 'ready' ? { state: 'ready', data: change(current.data) } : current,
    );
  }, []);
  return [value, reload, update] as const;
}

/** One action at a time against the background, with its pending state and last error. */
export function useAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setPending(true);
    setError(undefined);
    try {
      return await action();
    } catch (failure) {
      setError(errorText(failure));
      return undefined;
    } finally {
      setPending(false);
    }
  }, []);
  return { pending, error, run, setError };
}

/** A value that follows `value` after it has been still for `ms` (typing, then asking). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
