import { z } from 'zod';
import { EXACT_KINDS } from './exact-answers';

/** The wire shapes of Ask's answers (the protocol's `topic.askExact`). */

export const CountedItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number(),
  previous: z.number().optional(),
  /** The weeks `previous` counts, when not the four before (a rising phrase's baseline weeks). */
  previousWeeks: z.number().optional(),
  /** Newest first; at most ITEM_PAPERS of them (`count` is all). */
  papers: z.array(z.string()),
});

export const ExactAnswerSchema = z.object({
  kind: z.enum(EXACT_KINDS),
  /** The question as answered ("How does it relate to Tool Use?"). */
  question: z.string(),
  /** Papers counted over; `of` the topic's tracked papers (more when only the newest were counted). */
  counted: z.number(),
  of: z.number(),
  /** The index's cut-off the "what's new" windows end at. */
  asOf: z.number().nullable(),
  sections: z.array(z.object({ title: z.string(), items: z.array(CountedItemSchema) })),
  /** The papers the items name. */
  papers: z.array(
    z.object({ id: z.string(), title: z.string(), published: z.number(), authors: z.array(z.string()) }),
  ),
});
export type ExactAnswerWire = z.infer<typeof ExactAnswerSchema>;

export const ExactRequestSchema = z.object({
  id: z.string().min(1).max(120),
  kind: z.enum(EXACT_KINDS),
  /** For 'relate': the other topic, by id, name or alias. */
  other: z.string().max(200).optional(),
});
