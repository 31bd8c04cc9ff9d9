import { BACKUP_FORMAT, type Backup, checkImport, parseBackup } from '../../backup';
import { syncProblems } from '../../ingest/backoff';
import type { Ingestor } from '../../ingest/ingestor';
import { syncProgress } from '../../ingest/plan';
import type { Handlers } from '../../messages/protocol';
import type { IndexStatus } from '../../messages/schemas';
import type { Settings } from '../../settings';
import type { BackgroundContext } from '../context';

export interface AdminDeps {
  ingestor: Ingestor;
  /** Start (or join) an ingestion pass in the background. */
  kick: () => void;
  resetIndex: () => Promise<void>;
  writeSettings: (settings: Settings) => Promise<void>;
  userTopicsChanged: () => Promise<void>;
}

export function adminHandlers(
  ctx: BackgroundContext,
  deps: AdminDeps,
): Pick<Handlers, 'status.get' | 'index.refresh' | 'index.reset' | 'data.export' | 'data.import'> {
  async function status(): Promise<IndexStatus> {
    const db = await ctx.db();
    const [papers, state, lookup, settings] = await Promise.all([
      db.count('papers'),
      deps.ingestor.state(),
      deps.ingestor.lookups(),
      ctx.settings(),
    ]);
    const result: IndexStatus = {
      papers,
      categories: settings.categories,
      cutoff: ctx.momentum.cutoff(),
      running: deps.ingestor.isRunning(),
      progress: syncProgress(state),
    };
    if (state.lastCompleteAt !== undefined) result.lastCompleteAt = state.lastCompleteAt;
    // A category or lookup backing off alone shows here too, not only a failed pass.
    const { lastError, nextRetryAt } = syncProblems(state, lookup, ctx.now());
    if (lastError) result.lastError = lastError;
    if (nextRetryAt !== undefined) result.nextRetryAt = nextRetryAt;
    if (lookup.gaveUpCount > 0) result.lookupsGivenUp = { count: lookup.gaveUpCount, ids: lookup.gaveUp };
    return result;
  }

  return {
    'status.get': status,

    'index.refresh': async () => {
      await deps.ingestor.plan(true);
      deps.kick();
      return status();
    },

    'index.reset': async () => {
      await deps.resetIndex();
      return status();
    },

    'data.export': async () => {
      const db = await ctx.db();
      const [follows, mutes, userTopics, settings, saved] = await Promise.all([
        db.getAll('follows'),
        db.getAll('mutes'),
        db.getAll('userTopics'),
        ctx.settings(),
        db.getAll('saved'),
      ]);
      const file: Backup = {
        format: BACKUP_FORMAT,
        version: 2,
        exportedAt: new Date(ctx.now()).toISOString(),
        settings,
        follows: follows.map(({ topicId, followedAt, seenUntil }) => ({ topicId, followedAt, seenUntil })),
        mutes: mutes.map((m) => m.topicId),
        userTopics: userTopics.map(({ id, name, query }) => ({ id, name, query })),
        saved,
      };
      return { file };
    },

    'data.import': async ({ file, apply }) => {
      const parsed = parseBackup(file);
      if (!parsed.ok) return parsed;
      const db = await ctx.db();
      const [userTopics, savedIds] = await Promise.all([db.getAll('userTopics'), db.getAllKeys('saved')]);
      const checked = checkImport(
        parsed.backup,
        {
          settings: await ctx.settings(),
          follows: new Set(ctx.follows.keys()),
          mutes: ctx.mutes,
          userTopics: new Map(userTopics.map((t) => [t.id, t])),
          saved: new Set(savedIds),
        },
        {
          topic: (id) => ctx.catalog.get(id) !== undefined && ctx.catalog.get(id)?.kind !== 'user',
          category: (id) => ctx.catalog.get(id)?.kind === 'category',
        },
        (id) => parsed.backup.userTopics.find((t) => t.id === id)?.name ?? ctx.catalog.name(id),
      );
      if (!checked.ok) return checked;
      // From here on only what this version knows: the unknowns are listed in `skipped`, never stored.
      const { backup, changes, skipped } = checked;
      if (!apply) return { ok: true as const, changes, skipped, applied: false };

      // One transaction for everything in the database; settings after it commits.
      const now = ctx.now();
      const tx = db.transaction(['follows', 'mutes', 'userTopics', 'saved'], 'readwrite');
      // Merge: a paper already on the list keeps the reader's own copy (and read mark).
      const mine = new Set(savedIds);
      for (const paper of backup.saved ?? [])
        if (!mine.has(paper.id)) void tx.objectStore('saved').put(paper);
      for (const f of backup.follows) if (!ctx.follows.has(f.topicId)) void tx.objectStore('follows').put(f);
      for (const id of backup.mutes) void tx.objectStore('mutes').put({ topicId: id, mutedAt: now });
      for (const t of backup.userTopics) {
        const previous = userTopics.find((u) => u.id === t.id);
        void tx
          .objectStore('userTopics')
          .put({ ...t, createdAt: previous?.createdAt ?? now, updatedAt: now });
      }
      await tx.done;
      for (const f of backup.follows) if (!ctx.follows.has(f.topicId)) ctx.follows.set(f.topicId, f);
      for (const id of backup.mutes) ctx.mutes.add(id);
      await deps.writeSettings(backup.settings);
      await deps.userTopicsChanged();
      ctx.changed();
      return { ok: true as const, changes, skipped, applied: true };
    },
  };
}
