import { createDispatcher, type Handlers, type MessageSender } from '../messages';
import type { Settings } from '../settings';
import type { IndexDb } from '../store/open';

export interface BackgroundDeps {
  openDb: () => Promise<IndexDb>;
  readSettings: () => Promise<Settings>;
  self: { id: string; origin: string };
}

/** Composes the background's services from their dependencies; the entrypoint only wires events to it. */
export function createBackgroundApp(deps: BackgroundDeps) {
  let dbPromise: Promise<IndexDb> | undefined;
  const db = () => {
    dbPromise ??= deps.openDb().catch((error: unknown) => {
      dbPromise = undefined; // let the next call retry instead of caching the failure
      throw error;
    });
    return dbPromise;
  };

  const handlers: Handlers = {
    'status.get': async () => {
      const [store, settings] = await Promise.all([db(), deps.readSettings()]);
      return { papers: await store.count('papers'), categories: settings.categories };
    },
  };

  const dispatch = createDispatcher(handlers, deps.self);
  return { dispatch: (message: unknown, sender: MessageSender) => dispatch(message, sender) };
}
