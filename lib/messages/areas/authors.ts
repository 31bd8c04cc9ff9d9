import { z } from 'zod';
import { TopicSummarySchema } from '../schemas';
import type { MessageSpec } from './spec-helpers';

/** Messages of lib/background/handlers/authors.ts. */
export const AUTHORS_MESSAGES = {
  /** Follow an author: a user topic `au:"Name"` named after them (made once), followed. */
  'author.follow': {
    request: z.object({ name: z.string().trim().min(1).max(200) }),
    response: TopicSummarySchema,
    pagesOnly: true,
  },
} satisfies Record<string, MessageSpec>;
