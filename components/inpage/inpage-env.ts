import { createContext } from 'preact';
import { useContext, useEffect, useReducer } from 'preact/hooks';
import type { InpageEnv } from '@/lib/content/inpage-renderer';
import type { StoreChange, TopicStore } from '@/lib/content/topic-store';

export type { InpageEnv };

export const InpageEnvContext = createContext<InpageEnv | null>(null);

export function useInpageEnv(): InpageEnv {
  const env = useContext(InpageEnvContext);
  if (!env) throw new Error('In-page components need an InpageEnvContext provider');
  return env;
}

/** Re-renders the caller when any of `ids` (or the index state) changes in the store. */
export function useStoreTopics(ids: readonly string[] | 'all'): TopicStore {
  const { store } = useInpageEnv();
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const key = ids === 'all' ? 'all' : ids.join('\n');
  // `ids` is compared by value through `key`, so a new array with the same ids does not resubscribe.
  useEffect(
    () =>
      store.subscribe((change: StoreChange) => {
        if (change === 'all' || ids === 'all' || ids.some((id) => change.has(id))) bump(0);
      }),
    [store, key],
  );
  return store;
}
