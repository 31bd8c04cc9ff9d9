import { z } from 'zod';
import { IndexStatusSchema } from '../schemas';
import { empty, type MessageSpec } from './spec-helpers';

/** Messages of lib/background/handlers/admin.ts. */
export const ADMIN_MESSAGES = {
  'status.get': { request: empty, response: IndexStatusSchema },
  'index.refresh': { request: empty, response: IndexStatusSchema, pagesOnly: true },
  'index.reset': { request: empty, response: IndexStatusSchema, pagesOnly: true },
  /** The backup file; `note` when something had to be shortened for it to fit (lib/backup-file.ts). */
  'data.export': {
    request: empty,
    response: z.object({ file: z.unknown(), note: z.string().optional() }),
    pagesOnly: true,
  },
  /** Validates an import and says what it would change; `apply` then does it (all or nothing). */
  'data.import': {
    request: z.object({ file: z.unknown(), apply: z.boolean() }),
    response: z.union([
      z.object({
        ok: z.literal(true),
        changes: z.array(z.string()),
        /** Entries of the file left out: topics or categories this version does not know. */
        skipped: z.array(z.string()),
        applied: z.boolean(),
      }),
      z.object({ ok: z.literal(false), error: z.string() }),
    ]),
    pagesOnly: true,
  },
} satisfies Record<string, MessageSpec>;
