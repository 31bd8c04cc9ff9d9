import { z } from 'zod';
import { PaperRowSchema } from '../schemas';
import { limit, type MessageSpec, topicId } from './spec-helpers';

/** Messages of lib/background/handlers/search.ts. */
export const SEARCH_MESSAGES = {
  /**
   * Search over the whole index (title, abstract, authors), ranked; filtered by topic and first-version
   * date. `topics` counts the matches' topics before the topic filter (the page's "refine by topic").
   */
  'search.papers': {
    request: z.object({
      query: z.string().min(1).max(500),
      topic: topicId.optional(),
      from: z.number().optional(),
      to: z.number().optional(),
      offset: z.number().int().min(0).default(0),
      limit: limit(100).default(20),
    }),
    response: z.object({
      papers: z.array(PaperRowSchema.extend({ score: z.number() })),
      total: z.number(),
      topics: z.array(z.object({ id: z.string(), name: z.string(), count: z.number() })),
      searched: z.number(),
    }),
    pagesOnly: true,
  },
} satisfies Record<string, MessageSpec>;
