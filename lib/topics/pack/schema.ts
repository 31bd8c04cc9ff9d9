import { z } from 'zod';
import { TOPIC_ID } from '../topic-id';

/**
 * The topic pack as written (JSON under `../data/`), validated with zod by `compilePack`. What the extension
 * loads is its compiled form (../data/compiled.json, pack-artifact-schema.ts), validated with zod at load.
 *
 * A phrase is matched on stems ("Large Language Model" matches "large language models"), except tokens
 * written in capitals (RL, LLM, 3DGS, VLMs), which match the paper's raw tokens case-sensitively (a
 * trailing "s" is allowed either side). `*` stands for any one word. A phrase starting with `$` names a
 * shared set of phrases (`sets` in meta.json), so "an RL context" is written once for the whole pack.
 */

const Phrase = z.string().min(1).max(120);
const PhraseList = z.array(Phrase).max(200);

export { TOPIC_ID };

export const TopicDataSchema = z
  .object({
    id: z.string().regex(TOPIC_ID, 'ids are kebab-case slugs'),
    name: z.string().min(2).max(80),
    aliases: z.array(z.string().min(2).max(100)).max(30).default([]),
    /** "RL: Reinforcement Learning". */
    expansion: z.string().max(200).optional(),
    parents: z.array(z.string().regex(TOPIC_ID)).max(8).default([]),
    description: z.string().min(10).max(400),
    /** Strong phrases: a title hit or a repeated abstract hit tags the paper. Name and aliases are added. */
    phrases: PhraseList.default([]),
    /** Weak phrases: they only add to a score other evidence started. */
    cues: PhraseList.default([]),
    /** Co-occurrence: when every group has a hit, the paper is about the topic even without a strong phrase. */
    all: z.array(PhraseList.min(1)).min(2).max(4).optional(),
    /** At least one of these must occur somewhere, or the topic is not given. */
    require: PhraseList.min(1).optional(),
    /** Any of these occurring vetoes the topic. */
    exclude: PhraseList.min(1).optional(),
    /** arXiv category gate: the paper must carry one of these (a category id or a whole archive, "q-bio"). */
    categories: z.array(z.string().min(2).max(20)).min(1).optional(),
    /** false when the name is not a phrase anyone writes (its aliases still match). */
    nameMatch: z.boolean().default(true),
    /** Score multiplier; below 1 for umbrella topics that should yield to the specific ones. */
    weight: z.number().min(0.1).max(2).default(1),
  })
  .strict();

export type TopicData = z.infer<typeof TopicDataSchema>;

export const PackDataSchema = z
  .object({
    version: z.string().min(1).max(40),
    sets: z.record(z.string().regex(/^[a-z][a-z0-9-]*$/), PhraseList.min(1)).default({}),
    topics: z.array(TopicDataSchema).min(1).max(5000),
  })
  .strict();

export type PackData = z.infer<typeof PackDataSchema>;
