/**
 * Node stand-ins that test/bench/seed.ts needs outside vitest (it builds the index with the extension's own
 * store code): IndexedDB globals for `idb`, and an in-memory browser for `wxt/storage`, which lib/settings
 * reaches at import. Import this first.
 */
import 'fake-indexeddb/auto';
import { fakeBrowser } from 'wxt/testing/fake-browser';

const g = globalThis as { browser?: unknown; chrome?: unknown };
g.browser ??= fakeBrowser;
g.chrome ??= fakeBrowser;
