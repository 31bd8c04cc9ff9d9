import { createArxivClient } from '../arxiv/client';
import { ARXIV_SPACING_MS, createRateLimiter } from '../arxiv/rate-limiter';
import { createIngestor } from '../ingest/ingestor';
import { syncProgress } from '../ingest/plan';
import { indexTarget, reindex } from '../ingest/reindex';
import { createDispatcher } from '../messages/dispatcher';
import type { Handlers, MessageSender } from '../messages/protocol';
import type { Paper } from '../paper';
import { createSettingsUpdater, type Settings } from '../settings';
import { createAnnotationCache } from '../store/annotations';
import { clearIndex } from '../store/clear-index';
import { arxivHold, lastRequest } from '../store/db-settings';
import { metaCell } from '../store/meta';
import { readAllCounts, readAllPapers, type WriteResult } from '../store/papers';
import type { IndexDb, StoredPaper } from '../store/schema';
import type { CompiledPack } from '../topics/pack/load';
import { createCatalog } from './catalog';
import { type BackgroundContext, loadState, toStored } from './context';
import { adminHandlers } from './handlers/admin';
import { annotateHandlers } from './handlers/annotate';
import { authorHandlers } from './handlers/authors';
import { followHandlers, unseenTotal } from './handlers/follows';
import { savedHandlers } from './handlers/saved';
import { searchHandlers } from './handlers/search';
import { topicHandlers } from './handlers/topics';
import { treeHandlers } from './handlers/tree';
import { userTopicHandlers } from './handlers/user-topics';
import { notifyNewPapers } from './notify';
import { createSearchIndex } from './search-index';

export const REFRESH_ALARM = 'pp-refresh';
export const RETRY_ALARM = 'pp-retry';
export interface BackgroundDeps {
  openDb: () => Promise<IndexDb>;
  loadPack: () => CompiledPack;
  readSettings: () => Promise<Settings>;
  writeSettings: (settings: Settings) => Promise<void>;
  fetch: typeof fetch;
  self: { id: string; origin: string };
  alarms: {
    create(name: string, info: { when?: number; periodInMinutes?: number; delayInMinutes?: number }): void;
    clear(name: string): Promise<unknown>;
  };
  setBadge: (text: string) => Promise<void>;
  /** Opens an extension page in a new tab. */
  openTab: (url: string) => Promise<void>;
  /** Shows a desktop notification (the entrypoint checks the optional permission). */
  notify?: (title: string, message: string) => Promise<void>;
  /** Keeps an MV3 worker alive while a pass runs (an extension API call every ~20 s). */
  keepAlive?: () => Promise<unknown>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Composes the background's services from their dependencies; the entrypoint only wires events to it. */
export function createBackgroundApp(deps: BackgroundDeps) {
  const now = deps.now ?? Date.now;
  let dbPromise: Promise<IndexDb> | undefined;
  const db = () => {
    dbPromise ??= deps.openDb().catch((error: unknown) => {
      dbPromise = undefined; // let the next call retry instead of caching the failure
      throw error;
    });
    return dbPromise;
  };
  const catalog = createCatalog(deps.loadPack());

  const limiter = createRateLimiter({
    minIntervalMs: ARXIV_SPACING_MS,
    now,
    sleep: deps.sleep,
    store: metaCell(db, lastRequest),
    // arXiv's Retry-After, kept apart from the sync state: a reset of the index must not forget it.
    hold: metaCell(db, arxivHold),
  });
  const source = createArxivClient({ fetch: deps.fetch, limiter, now, sleep: deps.sleep });
  let trackedCategories: readonly string[] = [];
  // Search over the index: kept current from the papers of each write (handed over in applyDelta, after
  // the write committed; rows of a failed write are handed over with the next one and dropped on read).
  const search = createSearchIndex(async () => readAllPapers(await db()));
  let written: StoredPaper[] = [];
  const storedAndNoted = (paper: Paper) => {
    const row = toStored(catalog, trackedCategories, paper);
    written.push(row);
    return row;
  };
  const ingestor = createIngestor({
    db,
    source,
    toStored: storedAndNoted,
    settings: deps.readSettings,
    now,
    onWrite: (delta) => applyDelta(delta),
  });

  // In-memory state, loaded once per worker life.
  const ready = (async () => {
    trackedCategories = (await deps.readSettings()).categories;
    return loadState(db, catalog);
  })();
  let state: Awaited<typeof ready> | undefined;
  void ready.then((s) => {
    state = s;
  });

  const annotations = createAnnotationCache(db);
  function applyDelta({ delta, shards }: WriteResult) {
    state?.momentum.apply(delta);
    annotations.invalidate(shards);
    search.update(written);
    written = [];
    scheduleBadge();
  }

  const ctx: BackgroundContext = {
    db,
    catalog,
    get momentum() {
      return state!.momentum;
    },
    get follows() {
      return state!.follows;
    },
    get mutes() {
      return state!.mutes;
    },
    get userTopics() {
      return state!.userTopics;
    },
    settings: deps.readSettings,
    updateSettings: createSettingsUpdater(deps.readSettings, deps.writeSettings),
    now,
    progress: async () => ({ running: ingestor.isRunning(), progress: syncProgress(await ingestor.state()) }),
    changed: () => scheduleBadge(),
  };

  let badgeTimer: ReturnType<typeof setTimeout> | undefined;
  function scheduleBadge() {
    // Coalesce the bursts of a backfill into one count.
    if (badgeTimer) return;
    badgeTimer = setTimeout(() => {
      badgeTimer = undefined;
      void updateBadge();
    }, 250);
  }
  async function updateBadge() {
    const total = await unseenTotal(ctx);
    await deps.setBadge(total === 0 ? '' : total > 999 ? '999+' : String(total));
  }

  /** Brings stored papers in line with the tagging rules and tracked categories in force. */
  async function maintain() {
    const target = indexTarget(catalog.signature, trackedCategories);
    const { rewritten } = await reindex(
      await db(),
      target,
      (paper) => toStored(catalog, trackedCategories, paper),
      applyDelta,
    );
    // Re-tagging changes topics, not text: the search index is read again on the next search rather
    // than every paper replaced in it (a re-tag pass hands over every paper, changed or not).
    if (rewritten > 0) search.clear();
  }

  let pass: Promise<void> | undefined;
  let again = false;
  /**
   * Runs re-tagging and ingestion until there is nothing left, or schedules the retry. A kick during a
   * pass makes the pass look again before it ends, so work planned meanwhile is never left waiting: every
   * await is inside the loop, so none sits between the last look at `again` and the end of the pass.
   */
  function kick() {
    if (pass) {
      again = true;
      return pass;
    }
    pass = (async () => {
      await ready;
      const timer = deps.keepAlive ? setInterval(() => void deps.keepAlive?.(), 20_000) : undefined;
      try {
        do {
          again = false;
          await maintain();
          const outcome = await ingestor.run();
          if (outcome.status === 'failed') {
            // Some work waits for its retry time (one category backing off, or all of arXiv); a kick that
            // came meanwhile (a page's lookup) may still have work that can go now: `continue` looks again.
            deps.alarms.create(RETRY_ALARM, { when: outcome.retryAt });
            continue;
          }
          await deps.alarms.clear(RETRY_ALARM);
          if (deps.notify) await notifyNewPapers(ctx, deps.notify).catch(() => undefined);
        } while (again);
      } finally {
        if (timer) clearInterval(timer);
        pass = undefined;
        scheduleBadge();
      }
    })();
    return pass;
  }

  async function userTopicsChanged() {
    catalog.setUserTopics(await ctx.userTopics.all());
    void kick();
  }

  async function resetIndex() {
    await pass?.catch(() => undefined);
    const database = await db();
    await clearIndex(database);
    state?.momentum.reset(await readAllCounts(database));
    annotations.clear();
    search.clear();
    await ingestor.plan(false);
    void kick();
  }

  const follows = followHandlers(ctx);
  const handlers: Handlers = {
    ...annotateHandlers(ctx, annotations, async (ids) => {
      await ingestor.queueLookup(ids);
      void kick();
    }),
    ...topicHandlers(ctx),
    ...searchHandlers(ctx, search),
    ...treeHandlers(ctx),
    ...authorHandlers(ctx, {
      userTopicsChanged,
      follow: (id) => follows['topic.follow']({ id, follow: true }, deps.self),
    }),
    'topic.open': async ({ id }) => {
      catalog.require(id);
      await deps.openTab(`${deps.self.origin}/topic.html?id=${encodeURIComponent(id)}`);
      return {};
    },
    ...follows,
    ...savedHandlers(ctx, async (ids) => {
      await ingestor.queueLookup(ids);
      void kick();
    }),
    ...userTopicHandlers(ctx, userTopicsChanged),
    ...adminHandlers(ctx, {
      ingestor,
      kick: () => void kick(),
      resetIndex,
      writeSettings: deps.writeSettings,
      userTopicsChanged,
    }),
  };
  const dispatch = createDispatcher(handlers, deps.self);

  return {
    dispatch: async (message: unknown, sender: MessageSender) => {
      await ready.catch(() => undefined);
      return dispatch(message, sender);
    },
    /** First install (or update): the backfill starts by itself. */
    async installed() {
      await ingestor.plan(false);
      await scheduleRefresh();
      await kick();
    },
    /** A new worker life: resume whatever was pending. */
    async started() {
      await kick();
    },
    async alarm(name: string) {
      if (name === REFRESH_ALARM) await ingestor.plan(true);
      if (name === REFRESH_ALARM || name === RETRY_ALARM) await kick();
    },
    async settingsChanged() {
      await ready;
      trackedCategories = (await deps.readSettings()).categories;
      await ingestor.plan(false);
      await scheduleRefresh();
      await kick();
    },
    /** For tests and benchmarks: wait until the current pass (if any) is over. */
    idle: () => pass ?? Promise.resolve(),
  };

  async function scheduleRefresh() {
    const { refreshHours } = await deps.readSettings();
    deps.alarms.create(REFRESH_ALARM, {
      periodInMinutes: refreshHours * 60,
      delayInMinutes: refreshHours * 60,
    });
  }
}

export type BackgroundApp = ReturnType<typeof createBackgroundApp>;
