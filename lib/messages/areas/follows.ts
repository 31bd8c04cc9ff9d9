import { z } from 'zod';
import { IndexInfoSchema, PaperRowSchema, TopicSummarySchema } from '../schemas';
import { empty, limit, type MessageSpec, topicId } from './spec-helpers';

/** Messages of lib/background/handlers/follows.ts. */
export const FOLLOWS_MESSAGES = {
  /** The muted topics, by name, so the options and topic pages can show and undo them. */
  'mutes.list': {
    request: empty,
    response: z.object({ topics: z.array(TopicSummarySchema) }),
    pagesOnly: true,
  },
  'follows.list': {
    request: empty,
    response: z.object({
      follows: z.array(TopicSummarySchema.extend({ newCount: z.number() })),
      index: IndexInfoSchema,
    }),
  },
  'follows.newPapers': {
    request: z.object({ id: topicId, limit: limit(50).default(10) }),
    response: z.object({ papers: z.array(PaperRowSchema) }),
  },
  /** The popup's "mark seen": no content script needs it, so none may send it. */
  'follows.markSeen': { request: z.object({ id: topicId.optional() }), response: empty, pagesOnly: true },
  'topic.follow': {
    request: z.object({ id: topicId, follow: z.boolean() }),
    response: TopicSummarySchema,
    userAction: true,
  },
  'topic.mute': {
    request: z.object({ id: topicId, mute: z.boolean() }),
    response: TopicSummarySchema,
    userAction: true,
  },
} satisfies Record<string, MessageSpec>;
