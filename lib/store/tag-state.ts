import { z } from 'zod';
import { defineMetaKey } from './meta';

/**
 * What the stored papers were last re-tagged under, topic by topic (lib/topics/reach.ts `TaggingState`):
 * the next re-tag compares it with the state in force and re-tags only the papers a changed topic can reach
 * (lib/ingest/reindex.ts). Written with the re-tag's last papers, in their transaction; none (or an
 * unreadable one) means every paper is re-tagged.
 */
const Phrases = z.array(z.array(z.array(z.string())));

const TaggingStateSchema = z.object({
  global: z.string(),
  order: z.array(z.string()),
  topics: z.record(
    z.string(),
    z.object({
      fp: z.string(),
      parents: z.array(z.string()),
      phrases: Phrases,
      keys: z.array(z.string()),
      gives: z.array(z.number()),
      model: z
        .array(
          z.object({
            gap: z.number(),
            rest: z.number(),
            feats: z.array(
              z.object({
                w: z.number(),
                phrases: Phrases.optional(),
                given: z.string().optional(),
                seen: z.string().optional(),
                cat: z.string().optional(),
              }),
            ),
          }),
        )
        .optional(),
    }),
  ),
});

export type StoredTaggingState = z.infer<typeof TaggingStateSchema>;

export const tagState = defineMetaKey<StoredTaggingState | undefined>(
  'tagState',
  1,
  TaggingStateSchema,
  undefined,
);
