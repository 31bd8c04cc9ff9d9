import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export interface Loaded<P> {
  Component?: ComponentType<P>;
  error?: string;
}

/**
 * A page's bulk loaded once, after its light shell: `load` starts on the shell's first render (not after its
 * paint), and the hook gives the component when it is there, or why it could not load.
 */
export function lazyPage<P>(load: () => Promise<ComponentType<P>>): () => Loaded<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => {
    loading ??= load();
    return loading;
  };
  return function useLoaded(): Loaded<P> {
    start();
    const [loaded, setLoaded] = useState<Loaded<P>>({});
    useEffect(() => {
      let current = true;
      start().then(
        (Component) => current && setLoaded({ Component }),
        (failure: unknown) => current && setLoaded({ error: String(failure) }),
      );
      return () => {
        current = false;
      };
    }, []);
    return loaded;
  };
}
