import { z } from 'zod';
import { IndexInfoSchema, TopicSummarySchema } from '../schemas';
import { empty, type MessageSpec } from './spec-helpers';

/** Messages of lib/background/handlers/tree.ts. */
export const TREE_MESSAGES = {
  /** The whole catalog for the topic tree: every topic with its parents, aliases and momentum. */
  'topics.tree': {
    request: empty,
    response: z.object({
      topics: z.array(
        TopicSummarySchema.extend({ parents: z.array(z.string()), aliases: z.array(z.string()) }),
      ),
      /** Papers per chart week over the whole index: the denominator of the compare chart's shares. */
      all: z.array(z.number()),
      index: IndexInfoSchema,
    }),
    pagesOnly: true,
  },
} satisfies Record<string, MessageSpec>;
