import { LearnedTopicSchema, LearnRequestSchema } from '../schemas';
import { empty, type MessageSpec } from './spec-helpers';

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
