import { ExactAnswerSchema, ExactRequestSchema } from '../../ask/ask-schemas';
import type { MessageSpec } from './spec-helpers';

/** Messages of lib/background/handlers/ask.ts. */
export const ASK_MESSAGES = {
  /** Ask's exact questions (lib/ask/): counts over the topic's papers, each with its papers. */
  'topic.askExact': { request: ExactRequestSchema, response: ExactAnswerSchema, pagesOnly: true },
} satisfies Record<string, MessageSpec>;
