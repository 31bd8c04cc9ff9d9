import { z } from 'zod';
import { TOPIC_ID } from '../topic-id';

/**
 * The learned layer as bundled (../data/model.json), written by `npm run train` (test/eval/train/): per
 * topic a sparse logistic regression over the features of features.ts, with a threshold chosen for
 * precision on held-apart training papers. Validated with zod at load; indices are checked as read.
 */

export const MODEL_FORMAT = 2;

export const ModelTopicSchema = z
  .object({
    id: z.string().regex(TOPIC_ID),
    bias: z.number(),
    /** The model tags the paper when bias + sum of its features' weights >= threshold (log-odds). */
    threshold: z.number(),
    /**
     * `or`: the topic is given when its rules or the model say so; `model`: the model alone decides
     * (its rules fired too often on papers not about it, measured on the training split).
     */
    combine: z.enum(['or', 'model']),
    /**
     * Pairs, as number-text.ts writes lists: the feature's index (as the step from the previous pair's,
     * features ascending) and its weight in thousandths, zigzag-coded (w >= 0: 2w, else -2w - 1). A string,
     * not a JSON array: zod checks one string instead of tens of thousands of numbers when a worker wakes.
     */
    weights: z.string().max(1_000_000),
  })
  .strict();

export const ModelArtifactSchema = z
  .object({
    about: z.string(),
    format: z.literal(MODEL_FORMAT),
    /** Changes whenever the weights do: a digest of the rest of the file. */
    version: z.string().min(1).max(60),
    /** The pack version whose rules gave the weak labels. */
    packVersion: z.string(),
    /** What it was trained on and how (for people; not read by the code). */
    training: z.record(z.string(), z.union([z.string(), z.number()])),
    /** Feature keys as features.ts writes them ("w:agent", "b:reward model", "t:agent", "c:cs.RO"), one a line. */
    features: z.string().max(5_000_000),
    topics: z.array(ModelTopicSchema).max(2000),
  })
  .strict();

export type ModelArtifact = z.infer<typeof ModelArtifactSchema>;
export type ModelTopic = z.infer<typeof ModelTopicSchema>;
