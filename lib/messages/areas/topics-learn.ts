import { z } from 'zod';
import { MAX_LEARN_EXAMPLES } from '../../discover/learn-page';
import { TopicScorerSchema } from '../../topics/scoring/topic-scorer';
import { ArxivIdSchema, PaperRowSchema } from '../schemas';
import { empty, type MessageSpec } from './spec-helpers';

/** Learn a topic from example papers of the index; `notThis` marks matches that do not belong. */
export const LearnRequestSchema = z.object({
  examples: z.array(ArxivIdSchema).min(1).max(MAX_LEARN_EXAMPLES),
  notThis: z.array(ArxivIdSchema).max(100).default([]),
  name: z.string().trim().max(120).optional(),
  /**
   * Re-learning after a mark: the scorer of the topic shown when it was made. The scorer is re-learned near it
   * (lib/discover/learn-topic-scorer.ts TOPIC_SCORER.proximal), so a mark moves only what it must and papers
   * nobody marked keep their verdicts.
   */
  shown: TopicScorerSchema.optional(),
});

/** A learned topic, not yet saved: its name and query (editable), what it was learned from, what it matches. */
export const LearnedTopicSchema = z.object({
  name: z.string(),
  query: z.string(),
  examples: z.array(z.string()),
  notThis: z.array(z.string()),
  /** Pack topics whose names the query includes. */
  packTopics: z.array(z.string()),
  /** How many of the examples the query matches. */
  matchedExamples: z.number(),
  /**
   * The pack topic most examples carry (lib/discover/learn-pack.ts), to follow instead; `copy` when the
   * learned query only copies it (then no learned topic is offered).
   */
  packTopic: z.object({ id: z.string(), name: z.string(), copy: z.boolean() }).optional(),
  /** Matches in the index: how many, and the newest few. */
  preview: z.object({
    count: z.number(),
    papers: z.array(PaperRowSchema),
    /** The papers shown that only the scorer matches (the query does not). */
    scorerOnly: z.array(z.string()).optional(),
  }),
  /** Learned beside the query (absent when the index is too small to place its thresholds); saved with it. */
  scorer: TopicScorerSchema.optional(),
});
export type LearnedTopicAnswer = z.infer<typeof LearnedTopicSchema>;

/** Messages of lib/background/handlers/topics-learn.ts. */
export const TOPICS_LEARN_MESSAGES = {
  /**
   * A topic learned from example papers of the index (an id it lacks is an error naming it): a query in the
   * query language from what they share and the rest of the index does not, refined by "not this" marks.
   */
  'topics.learn': { request: LearnRequestSchema, response: LearnedTopicSchema, pagesOnly: true },
  /**
   * Opens "Learn a topic from papers" on the options page with papers picked on a web page (a web page
   * cannot link to an extension page, so the background opens the tab).
   */
  'topics.openLearn': {
    request: LearnRequestSchema.pick({ examples: true }),
    response: empty,
    userAction: true,
  },
} satisfies Record<string, MessageSpec>;
