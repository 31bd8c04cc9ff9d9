import { z } from 'zod';
import { PaperRowSchema, RisingPhraseSchema } from '../schemas';
import { type MessageSpec, topicId } from './spec-helpers';

/** Messages of lib/background/handlers/rising.ts. */
export const RISING_MESSAGES = {
  /**
   * The phrases rising inside a topic (its papers' Emerging, over Emerging's weeks), best first, phrases
   * dismissed as not interesting left out; `rows`: each phrase's papers (up to `rows` a phrase). `weeks`
   * is null while the index holds too short a history (as Emerging's).
   */
  'topic.rising': {
    request: z.object({ id: topicId, rows: z.number().int().min(0).max(50).default(0) }),
    response: z.object({
      phrases: z.array(RisingPhraseSchema),
      weeks: z
        .object({
          /** Start (ms) of the first baseline week, and how many baseline weeks there are (up to 12). */
          firstWeek: z.number(),
          baselineWeeks: z.number(),
          /** The topic's papers in the last four weeks and in the baseline weeks. */
          recentPapers: z.number(),
          baselinePapers: z.number(),
        })
        .nullable(),
      rows: z.array(PaperRowSchema),
    }),
    pagesOnly: true,
  },
} satisfies Record<string, MessageSpec>;
