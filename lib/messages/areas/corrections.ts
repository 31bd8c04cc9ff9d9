import { z } from 'zod';
import { ArxivIdSchema } from '../schemas';
import { empty, type MessageSpec, topicId } from './spec-helpers';

/** Messages of lib/background/handlers/corrections.ts. */
export const CORRECTIONS_MESSAGES = {
  /**
   * "Not this topic" on one paper (`notThis: false` takes it back): the paper leaves the topic's counts,
   * lists and chips for this reader. Content scripts may send it with the user's gesture (the chip card).
   * Answers the topics now taken off the paper.
   */
  'paper.correct': {
    request: z.object({ id: ArxivIdSchema, topic: topicId, notThis: z.boolean() }),
    response: z.object({ notThis: z.array(z.string()) }),
    userAction: true,
  },
  /** Every "Not this topic" the reader made, newest first, for the options page to list and undo. */
  'corrections.list': {
    request: empty,
    response: z.object({
      corrections: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          topics: z.array(z.object({ id: z.string(), name: z.string() })),
          at: z.number(),
        }),
      ),
    }),
    pagesOnly: true,
  },
} satisfies Record<string, MessageSpec>;
