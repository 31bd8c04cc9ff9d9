import { coveredSince } from '../ingest/plan';
import { createDispatcher } from '../messages/dispatcher';
import type { Envelope } from '../messages/envelope';
import type { MessageSender } from '../messages/protocol';
import { createMomentumIndex } from '../momentum/momentum-index';
import { createSettingsUpdater, type Settings } from '../settings';
import type { IndexDb } from '../store/schema';
import { syncState } from '../store/sync-state';
import { createCatalog } from '../topics/catalog';
import type { CompiledPack } from '../topics/load-pack';
import { createBadge } from './badge';
import { loadContext } from './context';
import { createEmerging } from './emerging';
import { createHandlers } from './handlers/registry';
import { createIndexing } from './indexing';
import { notifyNewPapers } from './notify';
import { createPageFirst } from './page-first';
import { createPlanner } from './planner';
import { createRisingInside } from './rising-inside';
import { type Alarms, CRASH_RETRY_MS, createScheduler, REFRESH_ALARM, RETRY_ALARM } from './scheduler';

export interface BackgroundDeps {
  openDb: () => Promise<IndexDb>;
  loadPack: () => CompiledPack;
  readSettings: () => Promise<Settings>;
  writeSettings: (settings: Settings) => Promise<void>;
  fetch: typeof fetch;
  self: { id: string; origin: string };
  alarms: Alarms;
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

/** Opens the database on first use; a failed open is not kept, so the next call tries again. */
function openOnce(open: () => Promise<IndexDb>): () => Promise<IndexDb> {
  let opening: Promise<IndexDb> | undefined;
  return () => {
    opening ??= open().catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
}

/**
 * Composes the background's services from their dependencies; the entrypoint only wires events to it.
 * The context (counts, follows, mutes, custom topics) is loaded once per worker life, before any message
 * is dispatched and before any pass runs.
 */
export function createBackgroundApp(deps: BackgroundDeps) {
  const now = deps.now ?? Date.now;
  const db = openOnce(deps.openDb);
  const catalog = createCatalog(deps.loadPack());
  const { serve, pause } = createPageFirst();
  // Nothing is "new" until the index's coverage is read (indexing.readSettings): no baseline known yet.
  const momentum = createMomentumIndex(new Map(), () => false);
  const badge = createBadge(async () => (await context).follows.unseenTotal(), deps.setBadge);
  const writes = writeFlag(() => badge.schedule());
  const written = writes.written;
  const indexing = createIndexing({ ...deps, db, catalog, momentum, now, pause, written });
  const context = loadContext({
    db,
    catalog,
    momentum,
    settings: deps.readSettings,
    updateSettings: createSettingsUpdater(deps.readSettings, deps.writeSettings),
    now,
    progress: indexing.progress,
    changed: written,
  });
  const discover = emergingOver(db, catalog, deps.readSettings, pause);
  const ready = Promise.all([context, indexing.readSettings()]);
  const scheduler = createScheduler({
    ready,
    // A re-tag that failed stops the round: its error and retry time now hold every request.
    work: async () => (await indexing.maintain()) ?? indexing.ingestor.run(),
    finished: async () => {
      const notify = deps.notify;
      if (notify) await notifyNewPapers(await context, notify).catch(() => undefined);
      // A pass that wrote nothing (every worker life starts one) leaves Emerging's kept answer as it was,
      // without reading the index to check it.
      if (writes.take()) await discover.afterPass();
    },
    alarms: deps.alarms,
    keepAlive: deps.keepAlive,
    settled: () => badge.schedule(),
    now,
  });
  const kick = () => void scheduler.kick();
  const planner = createPlanner({ ingestor: indexing.ingestor, alarms: deps.alarms, now });
  const resetIndex = async () => {
    await scheduler.idle();
    await indexing.reset();
    kick();
  };
  const dispatcher = dispatcherOf(context, (ctx) =>
    createDispatcher(createHandlers(ctx, { ...deps, ...discover, indexing, kick, resetIndex }), deps.self),
  );
  /** Plans the backfill for the settings in force, sets the refresh alarm and runs. */
  const planAndRun = async () => {
    await planner.plan(false);
    scheduler.scheduleRefresh((await deps.readSettings()).refreshHours);
    await scheduler.kick();
  };
  const event = (handle: () => Promise<void>) => handleEvent(handle, deps.alarms, now);

  return {
    dispatch: (message: unknown, sender: MessageSender) =>
      serve(async () => (await dispatcher)(message, sender)),
    /** First install (or update): the backfill starts by itself. */
    installed: () => event(planAndRun),
    /** A new worker life: resume whatever was pending. */
    started: () => scheduler.kick(),
    alarm: (name: string) =>
      event(async () => {
        if (name === REFRESH_ALARM) await planner.plan(true);
        if (name === RETRY_ALARM) await planner.retry();
        if (name === REFRESH_ALARM || name === RETRY_ALARM) await scheduler.kick();
      }),
    settingsChanged: () =>
      event(async () => {
        await ready;
        await indexing.readSettings();
        await planAndRun();
      }),
    /** For tests and benchmarks: wait until the current pass (if any) is over. */
    idle: () => scheduler.current(),
  };
}

export type BackgroundApp = ReturnType<typeof createBackgroundApp>;

/** Whether papers were written since `take` last asked; `written` records a write and runs `onWrite`. */
function writeFlag(onWrite: () => void) {
  let wrote = false;
  return {
    written() {
      wrote = true;
      onWrite();
    },
    take() {
      const was = wrote;
      wrote = false;
      return was;
    },
  };
}

type Dispatch = (message: unknown, sender: MessageSender) => Promise<Envelope>;

/** Messages are answered once the context is loaded; when it failed to load, each says why. */
function dispatcherOf<C>(context: Promise<C>, create: (ctx: C) => Dispatch): Promise<Dispatch> {
  return context.then(
    create,
    (error: unknown) => async (): Promise<Envelope> => ({
      ok: false,
      error: `Could not load the index: ${String(error)}`,
    }),
  );
}

/**
 * Emerging, and the phrases rising inside a topic, over the index's fine topics, their window starting
 * where the tracked categories' history does.
 */
function emergingOver(
  db: () => Promise<IndexDb>,
  catalog: ReturnType<typeof createCatalog>,
  readSettings: BackgroundDeps['readSettings'],
  pause: () => Promise<void>,
) {
  const deps = {
    db,
    pause,
    isFineTopic: (id: string) => catalog.get(id)?.kind === 'fine',
    historyStart: async () =>
      coveredSince(await syncState.read(await db()), (await readSettings()).categories),
  };
  const emerging = createEmerging(deps);
  const risingInside = createRisingInside(deps);
  return {
    emerging,
    risingInside,
    afterPass: async () => {
      // Counts the weeks the pass wrote into, so that opening the popup finds the answer kept; the
      // answers inside topics are worked out again when next asked.
      await emerging.answer().catch(() => undefined);
      risingInside.forget();
    },
  };
}

/**
 * The entrypoint fires the app's events and forgets them: one that fails (the settings or the database
 * unreadable) leaves the retry alarm set, never an unhandled rejection.
 */
async function handleEvent(handle: () => Promise<void>, alarms: Alarms, now: () => number): Promise<void> {
  try {
    await handle();
  } catch {
    try {
      alarms.create(RETRY_ALARM, { when: now() + CRASH_RETRY_MS });
    } catch {
      // No alarm can be set: the next event runs the work.
    }
  }
}
