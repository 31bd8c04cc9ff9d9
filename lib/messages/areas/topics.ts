import { z } from 'zod';
import {
  IndexInfoSchema,
  PaperRowSchema,
  TopicInfoSchema,
  TopicSummarySchema,
  TrendingTopicSchema,
  WeekSchema,
} from '../schemas';
import { empty, limit, type MessageSpec, topicId } from './spec-helpers';

/** Messages of lib/background/handlers/topics.ts. */
export const TOPICS_MESSAGES = {
  /**
   * A topic's name, momentum and chart (from kept counts, no paper read): what its page shows first, while
   * `topic.get` reads the papers and related topics.
   */
  'topic.head': {
    request: z.object({ id: topicId }),
    response: z.object({ info: TopicInfoSchema, summary: TopicSummarySchema, index: IndexInfoSchema }),
  },
  'topic.get': {
    request: z.object({
      id: topicId,
      offset: z.number().int().min(0).default(0),
      limit: limit(100).default(20),
    }),
    response: z.object({
      info: TopicInfoSchema,
      summary: TopicSummarySchema,
      papers: z.array(PaperRowSchema),
      total: z.number(),
      /**
       * How `total` splits around the data cut-off T: papers in the chart's weeks (through T), papers newer
       * than T (their days are still coming in), and older ones (looked up for a page, before the chart).
       */
      spans: z.object({ inChart: z.number(), newer: z.number(), older: z.number() }),
      related: z.array(z.object({ id: z.string(), name: z.string(), count: z.number() })),
      index: IndexInfoSchema,
    }),
  },
  /** "Ask about this topic": full-text search over the topic's papers, ranked by relevance. */
  'topic.ask': {
    request: z.object({ id: topicId, question: z.string().min(1).max(500), limit: limit(50).default(10) }),
    response: z.object({
      papers: z.array(PaperRowSchema.extend({ score: z.number() })),
      searched: z.number(),
    }),
  },
  /**
   * A topic's papers per week over a longer view (12, 26 or 52 weeks, as far as the index's history
   * goes); `historyWeeks` says how far that is. Momentum stays on four-week windows.
   */
  'topic.weekly': {
    request: z.object({ id: topicId, weeks: z.union([z.literal(12), z.literal(26), z.literal(52)]) }),
    response: z.object({ weeks: z.array(WeekSchema), historyWeeks: z.number() }),
    pagesOnly: true,
  },
  /** A web page cannot link to an extension page in Chrome: the in-page card asks the background to open it. */
  'topic.open': {
    /** `ask`: open it at "Ask about this topic", the question box focused. */
    request: z.object({ id: topicId, ask: z.boolean().optional() }),
    response: empty,
    userAction: true,
  },
  'topics.find': {
    request: z.object({ query: z.string().max(200), limit: limit(50).default(10) }),
    response: z.object({ topics: z.array(TopicSummarySchema) }),
  },
  /** First run: the largest and the rising fine topics of the tracked categories, to follow. */
  'topics.suggested': {
    request: z.object({ limit: limit(20).default(6) }),
    response: z.object({ topics: z.array(TopicSummarySchema), index: IndexInfoSchema }),
    pagesOnly: true,
  },
  'topics.trending': {
    request: z.object({ limit: limit(50).default(8) }),
    response: z.object({ topics: z.array(TrendingTopicSchema), index: IndexInfoSchema }),
  },
} satisfies Record<string, MessageSpec>;
