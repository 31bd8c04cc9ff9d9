import { BACKUP_FORMAT, type Backup, parseBackup } from '../../backup';
import { backupEntry, fitBackup } from '../../backup-file';
import { checkImport } from '../../backup-import';
import { syncProblems } from '../../ingest/backoff';
import type { Ingestor } from '../../ingest/ingestor';
import { syncProgress } from '../../ingest/plan';
import type { Handlers, ResponseOf } from '../../messages/protocol';
import type { IndexStatus } from '../../messages/schemas';
import type { Settings } from '../../settings';
import { mergeBackup, readImportTarget, readOwnData } from '../../store/own-data';
import type { BackgroundContext } from '../context';

export interface AdminDeps {
  ingestor: Ingestor;
  /** Papers in the index, as the writes keep the count (counting the store took 0.7 s at 52 weeks). */
  paperTotal: () => Promise<number>;
  /** Until when arXiv asked us to wait (Retry-After), kept apart from the index's state. */
  arxivHold: () => Promise<number | undefined>;
  /** Work on the stored papers under way (re-tag, search index build). */
  upkeep: () => IndexStatus['upkeep'];
  /** Start (or join) an ingestion pass in the background. */
  kick: () => void;
  resetIndex: () => Promise<void>;
  writeSettings: (settings: Settings) => Promise<void>;
  userTopicsChanged: () => Promise<void>;
  /** Rewrites indexed papers whose corrections changed (lib/background/correcting.ts). */
  rewrite: (paperIds: readonly string[]) => Promise<void>;
}

export function adminHandlers(
  ctx: BackgroundContext,
  deps: AdminDeps,
): Pick<Handlers, 'status.get' | 'index.refresh' | 'index.reset' | 'data.export' | 'data.import'> {
  const status = () => indexStatus(ctx, deps);
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

    'data.export': () => exportBackup(ctx),

    'data.import': (request) => importBackup(ctx, deps, request),
  };
}

/** The index's state as the options page and the popup show it. */
async function indexStatus(
  ctx: BackgroundContext,
  {
    ingestor,
    paperTotal,
    arxivHold,
    upkeep,
  }: Pick<AdminDeps, 'ingestor' | 'paperTotal' | 'arxivHold' | 'upkeep'>,
): Promise<IndexStatus> {
  const [papers, state, lookup, settings, hold] = await Promise.all([
    paperTotal(),
    ingestor.state(),
    ingestor.lookups(),
    ctx.settings(),
    arxivHold(),
  ]);
  const result: IndexStatus = {
    papers,
    categories: settings.categories,
    cutoff: ctx.momentum.cutoff(),
    running: ingestor.isRunning(),
    progress: syncProgress(state),
  };
  if (state.lastCompleteAt !== undefined) result.lastCompleteAt = state.lastCompleteAt;
  // A category or lookup backing off alone shows here too, not only a failed pass.
  const { lastError, nextRetryAt } = syncProblems(state, lookup, ctx.now());
  if (lastError) result.lastError = lastError;
  // No request goes before arXiv's hold, which a reset of the index keeps.
  const next = hold === undefined ? nextRetryAt : Math.max(hold, nextRetryAt ?? hold);
  if (next !== undefined) result.nextRetryAt = next;
  if (lookup.gaveUpCount > 0) result.lookupsGivenUp = { count: lookup.gaveUpCount, ids: lookup.gaveUp };
  const work = upkeep();
  if (work) result.upkeep = work;
  return result;
}

/** The backup file: what the user owns, never the index; within the size an import takes (fitBackup). */
async function exportBackup(ctx: BackgroundContext): Promise<ResponseOf<'data.export'>> {
  const [{ follows, mutes, userTopics, saved, corrections }, settings] = await Promise.all([
    readOwnData(await ctx.db()),
    ctx.settings(),
  ]);
  const file: Backup = {
    format: BACKUP_FORMAT,
    version: 4,
    exportedAt: new Date(ctx.now()).toISOString(),
    settings,
    follows: follows.map(({ topicId, followedAt, seenUntil }) => ({ topicId, followedAt, seenUntil })),
    mutes: mutes.map((m) => m.topicId),
    userTopics: userTopics.map(({ id, name, query, scorer }) => ({
      id,
      name,
      query,
      ...(scorer ? { scorer } : {}),
    })),
    saved: saved.map(backupEntry),
    corrections: corrections.map(({ paperId, topics, at }) => ({ paperId, topics, at })),
  };
  const fitted = fitBackup(file);
  return fitted.note ? { file: fitted.backup, note: fitted.note } : { file: fitted.backup };
}

/** Checks a backup file, says what importing it would change and, with `apply`, merges it in. */
async function importBackup(
  ctx: BackgroundContext,
  deps: AdminDeps,
  { file, apply }: Parameters<Handlers['data.import']>[0],
): Promise<ResponseOf<'data.import'>> {
  const parsed = parseBackup(file);
  if (!parsed.ok) return parsed;
  const db = await ctx.db();
  const { userTopics, savedIds } = await readImportTarget(db);
  const checked = checkImport(
    parsed.backup,
    {
      settings: await ctx.settings(),
      follows: ctx.follows.ids(),
      mutes: ctx.mutes.ids(),
      userTopics: new Map(userTopics.map((t) => [t.id, t])),
      saved: new Set(savedIds),
      corrections: ctx.corrections.of,
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
  const into = { follows: ctx.follows, mutes: ctx.mutes, userTopics };
  const corrections = await mergeBackup(db, into, backup, ctx.now());
  ctx.corrections.committed(corrections);
  // The corrected papers the index holds leave those topics' counts and lists now.
  await deps.rewrite(corrections.map((c) => c.paperId));
  await deps.writeSettings(backup.settings);
  await deps.userTopicsChanged();
  ctx.changed();
  return { ok: true as const, changes, skipped, applied: true };
}
