import { MAX_LEARN_EXAMPLES } from '../discover/learn-page';

/**
 * The papers picked on one page as examples for a learned topic ("Use as an example" in a chip's card),
 * in the order they were picked. Every row's card and the listing's bar read the same selection.
 */
export interface PaperSelection {
  ids(): readonly string[];
  has(id: string): boolean;
  /** Adds or removes `id`; adding beyond MAX_LEARN_EXAMPLES does nothing. */
  toggle(id: string, on: boolean): void;
  clear(): void;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createPaperSelection(): PaperSelection {
  let ids: string[] = [];
  const listeners = new Set<() => void>();
  const set = (next: string[]) => {
    ids = next;
    for (const listener of listeners) listener();
  };
  return {
    ids: () => ids,
    has: (id) => ids.includes(id),
    toggle(id, on) {
      if (on === ids.includes(id) || (on && ids.length >= MAX_LEARN_EXAMPLES)) return;
      set(on ? [...ids, id] : ids.filter((x) => x !== id));
    },
    clear: () => set([]),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
