import { useCallback, useEffect, useState } from 'preact/hooks';
import { type MessageName, type RequestOf, type ResponseOf, send } from '@/lib/messages';

export type Loadable<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'error'; error: string };

/** Asks the background once (and again on `reload`), exposing loading / data / error for honest UI states. */
export function useMessage<N extends MessageName>(name: N, request: RequestOf<N>, deps: unknown[] = []) {
  const [value, setValue] = useState<Loadable<ResponseOf<N>>>({ state: 'loading' });
  const key = JSON.stringify(request);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the request is compared by value through `key`.
  const reload = useCallback(() => {
    send(name, request).then(
      (data) => setValue({ state: 'ready', data }),
      (error: unknown) =>
        setValue({ state: 'error', error: error instanceof Error ? error.message : String(error) }),
    );
  }, [name, key, ...deps]);
  useEffect(reload, [reload]);
  return [value, reload] as const;
}
