import { z } from 'zod';
import { TOPIC_ID } from '../topic-id';

/**
 * The compiled pack as bundled (../data/compiled.json): what `compilePack` makes of the source pack, in a
 * shape that loads without parsing a phrase or running the stemmer. Validated with zod at load; the
 * numbers (phrase index, usages) are then checked one by one as they are read.
 *
 * Topics carry what people see (names, descriptions, rule text) and their match settings. The phrase
 * index travels as in phrase-index-artifact.ts; `usages` is, per pattern, its number of usages, then
 * each usage (topic number * ROLES + role).
 */

export const ARTIFACT_FORMAT = 2;

/** A topic as bundled: what people see, and its match settings (absent when default). */
export interface ArtifactTopic {
  id: string;
  name: string;
  aliases: string[];
  expansion?: string;
  parents: string[];
  description: string;
  rule: string;
  /** Co-occurrence groups (2 to 4), when the topic has them. */
  groups?: number;
  require?: true;
  gate?: string[];
  weight?: number;
}

const FIELDS = new Set([
  'id',
  'name',
  'aliases',
  'expansion',
  'parents',
  'description',
  'rule',
  'groups',
  'require',
  'gate',
  'weight',
]);

const text = (v: unknown, min: number, max: number) =>
  typeof v === 'string' && v.length >= min && v.length <= max;
const texts = (v: unknown, max: number, min: number, length: number) =>
  Array.isArray(v) && v.length <= max && v.every((s) => text(s, min, length));

/** The first field of a topic that is not as it must be: [field, what it must be]. */
function topicProblem(t: unknown): [string, string] | undefined {
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return ['', 'an object'];
  const o = t as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => !FIELDS.has(k));
  if (extra !== undefined) return [extra, 'absent (not a field of a topic)'];
  if (typeof o.id !== 'string' || !TOPIC_ID.test(o.id)) return ['id', 'a kebab-case slug'];
  if (!text(o.name, 2, 80)) return ['name', '2 to 80 characters'];
  if (!texts(o.aliases, 30, 2, 100)) return ['aliases', 'up to 30 strings of 2 to 100 characters'];
  if (o.expansion !== undefined && !text(o.expansion, 1, 200)) return ['expansion', '1 to 200 characters'];
  if (!texts(o.parents, 8, 1, 100) || !(o.parents as string[]).every((p) => TOPIC_ID.test(p))) {
    return ['parents', 'up to 8 topic ids'];
  }
  if (!text(o.description, 10, 400)) return ['description', '10 to 400 characters'];
  if (!text(o.rule, 1, 4000)) return ['rule', '1 to 4000 characters'];
  if (o.groups !== undefined && !(o.groups === 2 || o.groups === 3 || o.groups === 4))
    return ['groups', '2, 3 or 4'];
  if (o.require !== undefined && o.require !== true) return ['require', 'true or absent'];
  if (o.gate !== undefined && !(texts(o.gate, 50, 2, 20) && (o.gate as string[]).length > 0)) {
    return ['gate', '1 to 50 categories'];
  }
  if (o.weight !== undefined && !(typeof o.weight === 'number' && o.weight >= 0.1 && o.weight <= 2)) {
    return ['weight', 'a number from 0.1 to 2'];
  }
  return undefined;
}

/**
 * The topics, checked field by field in one pass. Not a zod object per topic: zod's per-field machinery
 * costs ~40 microseconds a topic on a cold start, which for 540 topics is half of loading the pack.
 */
const Topics = z
  .custom<ArtifactTopic[]>((v) => Array.isArray(v) && v.length >= 1 && v.length <= 5000, {
    message: 'a list of 1 to 5000 topics',
  })
  .superRefine((topics, ctx) => {
    for (let i = 0; i < topics.length; i++) {
      const found = topicProblem(topics[i]);
      if (found) {
        ctx.addIssue({
          code: 'custom',
          path: found[0] ? [i, found[0]] : [i],
          message: `must be ${found[1]}`,
        });
        return;
      }
    }
  });

export const PackArtifactSchema = z
  .object({
    about: z.string(),
    format: z.literal(ARTIFACT_FORMAT),
    version: z.string().min(1).max(40),
    topics: Topics,
    forms: z.string().max(2_000_000),
    formData: z.string().max(4_000_000),
    tokens: z.string().max(4_000_000),
    buckets: z.string().max(4_000_000),
    usages: z.string().max(4_000_000),
  })
  .strict();

export type PackArtifact = z.infer<typeof PackArtifactSchema>;
