/**
 * Node stand-ins the seeding helpers need outside vitest (test/bench/seed.ts builds the index with the
 * extension's own store code): IndexedDB globals for `idb`, and an in-memory browser for `wxt/storage`,
 * which lib/settings reaches at import. Imported first by the in-page bench.
 */
import 'fake-indexeddb/auto';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const g = globalThis as { browser?: unknown; chrome?: unknown };
g.browser ??= fakeBrowser;
g.chrome ??= fakeBrowser;
