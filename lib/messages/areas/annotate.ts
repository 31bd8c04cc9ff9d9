import { z } from 'zod';
import {
  AnnotateRequestSchema,
  AnnotationSchema,
  CompactAnswerSchema,
  IndexInfoSchema,
  TopicSummarySchema,
} from '../schemas';
import type { MessageSpec } from './spec-helpers';

/** Messages of lib/background/handlers/annotate.ts. */
export const ANNOTATE_MESSAGES = {
  /** Topics and momentum for every paper on a page, in one round trip. */
  'papers.annotate': {
    request: AnnotateRequestSchema,
    response: z.object({
      results: z.array(AnnotationSchema),
      topics: z.record(z.string(), TopicSummarySchema),
      index: IndexInfoSchema,
    }),
  },
  /**
   * The same for a long listing, without evidence, in the compact wire form (./annotate-compact.ts):
   * a third of the bytes Chrome has to serialise and copy.
   */
  'papers.annotateCompact': {
    request: AnnotateRequestSchema.omit({ evidence: true }),
    response: CompactAnswerSchema,
  },
} satisfies Record<string, MessageSpec>;
