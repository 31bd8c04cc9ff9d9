import { z } from 'zod';
import { TopicScorerSchema } from '../../topics/scoring/topic-scorer';
import { MomentumSchema, PaperRowSchema, QueryErrorSchema, UserTopicSchema, WeekSchema } from '../schemas';
import { empty, type MessageSpec, topicId } from './spec-helpers';

/** Messages of lib/background/handlers/user-topics.ts. */
export const USER_TOPICS_MESSAGES = {
  'userTopics.list': {
    request: empty,
    response: z.object({
      topics: z.array(
        UserTopicSchema.extend({
          error: QueryErrorSchema.optional(),
          /** Why its learned scorer is not used (learned over words split another way), when it is not. */
          scorerNote: z.string().optional(),
        }),
      ),
    }),
    pagesOnly: true,
  },
  /** What a query (with a learned topic's scorer, when it has one) would match, before it is saved. */
  'userTopics.preview': {
    request: z.object({ query: z.string().max(2000), scorer: TopicScorerSchema.optional() }),
    response: z.object({
      error: QueryErrorSchema.optional(),
      matches: z.number(),
      papers: z.array(PaperRowSchema),
      /** The papers shown that only the scorer matches. */
      scorerOnly: z.array(z.string()).optional(),
      momentum: MomentumSchema.nullable(),
      weekly: z.array(WeekSchema),
    }),
    pagesOnly: true,
  },
  /** `scorer`: a learned topic's (stored with it); null drops the stored one; absent keeps it (an edit). */
  'userTopics.save': {
    request: UserTopicSchema.partial({ id: true }).extend({
      scorer: TopicScorerSchema.nullable().optional(),
    }),
    response: z.union([
      z.object({ ok: z.literal(true), id: z.string() }),
      z.object({ ok: z.literal(false), error: QueryErrorSchema }),
    ]),
    pagesOnly: true,
  },
  'userTopics.delete': { request: z.object({ id: topicId }), response: empty, pagesOnly: true },
} satisfies Record<string, MessageSpec>;
