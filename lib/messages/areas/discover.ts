import { z } from 'zod';
import { EmergingPhraseSchema, IndexInfoSchema, PaperRowSchema } from '../schemas';
import { limit, type MessageSpec } from './spec-helpers';

/** Messages of lib/background/handlers/discover.ts. */
export const DISCOVER_MESSAGES = {
  /**
   * Emerging phrases of the index, best first, from the kept per-week counts. `papers`: also the rows of
   * each phrase's first few papers (the Emerging page; the popup lists phrases only).
   */
  'discover.emerging': {
    request: z.object({ limit: limit(100), papers: z.boolean().optional() }),
    response: z.object({
      phrases: z.array(EmergingPhraseSchema),
      /** Start (ms) of the first week of `weekly`; null while the index is empty. */
      firstWeek: z.number().nullable(),
      rows: z.array(PaperRowSchema),
      index: IndexInfoSchema,
    }),
  },
  /** "Not interesting": the phrase (its key) is hidden from the Emerging list from now on, and kept so. */
  'discover.dismiss': {
    request: z.object({ key: z.string().min(1).max(200) }),
    response: z.object({ dismissed: z.array(z.string()) }),
    userAction: true,
  },
} satisfies Record<string, MessageSpec>;
