import { z } from 'zod';
import { defineMetaKey, entriesOf } from './meta';
import {
  type CategorySync,
  EMPTY_SYNC,
  type LookupState,
  type LookupTry,
  type RangeTask,
  type SyncError,
  type SyncState,
} from './sync-types';

/**
 * The ingestion's state in the `meta` store: what to fetch (`sync`), ids to look up (`lookup`) and the
 * re-tagging cursor (`reindex`). A field that does not validate falls back on its own (a bad category is
 * planned again, a bad retry entry tried again), so one damaged part never costs the rest.
 */

const SyncErrorSchema: z.ZodType<SyncError> = z.object({
  message: z.string(),
  kind: z.string(),
  at: z.number(),
});
const RangeTaskSchema: z.ZodType<RangeTask> = z.object({ from: z.number(), to: z.number() });
const CategorySyncSchema: z.ZodType<CategorySync> = z.object({
  pending: z.array(RangeTaskSchema),
  newest: z.number().optional(),
  coveredFrom: z.number().optional(),
  failures: z.number().optional(),
  notBefore: z.number().optional(),
  lastError: SyncErrorSchema.optional().catch(undefined),
});

const SyncStateSchema: z.ZodType<SyncState> = z.object({
  categories: entriesOf(CategorySyncSchema).catch({}),
  planned: z.number().catch(0),
  lastCompleteAt: z.number().optional().catch(undefined),
  lastError: SyncErrorSchema.optional().catch(undefined),
  nextRetryAt: z.number().optional().catch(undefined),
  failures: z.number().catch(0),
});

export const syncState = defineMetaKey('sync', 1, SyncStateSchema, EMPTY_SYNC);

const LookupTrySchema: z.ZodType<LookupTry> = z.object({
  attempts: z.number(),
  notBefore: z.number(),
  batch: z.number(),
});

export const EMPTY_LOOKUP: LookupState = { ids: [], tries: {}, gaveUp: [], gaveUpCount: 0 };

const LookupStateSchema: z.ZodType<LookupState> = z.preprocess(
  // Before per-lookup retries the record was a bare list of ids.
  (value) => (Array.isArray(value) ? { ids: value.map(String) } : value),
  z.object({
    ids: z.array(z.string()).catch([]),
    tries: entriesOf(LookupTrySchema).catch({}),
    gaveUp: z.array(z.string()).catch([]),
    gaveUpCount: z.number().catch(0),
    lastError: SyncErrorSchema.optional().catch(undefined),
  }),
);

export const lookupState = defineMetaKey('lookup', 1, LookupStateSchema, EMPTY_LOOKUP);

/** The re-tagging job's cursor (lib/ingest/reindex.ts). */
export interface ReindexState {
  /** What the index was (or is being) brought to: tagging signature + tracked categories. */
  target: string;
  /** Papers with ids up to here are done; undefined while not started. */
  after?: string | undefined;
  done: boolean;
  /** How many papers are done (up to `after`), for the progress the options page shows. */
  checked?: number | undefined;
  /** Only the papers the change can reach are re-tagged (lib/topics/reach-test.ts); else every paper. */
  reach?: boolean | undefined;
}

/** No re-tag yet: no target matches it. */
const NO_REINDEX: ReindexState = { target: '', done: false };

const ReindexStateSchema: z.ZodType<ReindexState> = z.object({
  target: z.string(),
  after: z.string().optional(),
  done: z.boolean(),
  checked: z.number().optional(),
  reach: z.boolean().optional(),
});

export const reindexState = defineMetaKey('reindex', 1, ReindexStateSchema, NO_REINDEX);
