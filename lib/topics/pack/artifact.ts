import { decodeNumbers, encodeNumbers } from '../matching/number-text';
import { serializeIndex } from '../matching/phrase-index-artifact';
import type { Topic } from '../types';
import {
  ARTIFACT_FORMAT,
  type ArtifactTopic,
  type PackArtifact,
  PackArtifactSchema,
} from './artifact-schema';
import {
  assemblePack,
  PackError,
  ROLE_BITS,
  ROLE_GROUP,
  ROLE_STRONG,
  ROLE_TITLE_ONLY,
  ROLES,
  type RulePack,
  type TopicRules,
} from './model';
import { restoreIndex } from './phrase-index-restore';

/**
 * A compiled pack to and from its bundled form (see pack-artifact-schema.ts). Loading it restores the
 * phrase index from numbers: no phrase is parsed and nothing is stemmed, so a service worker that wakes
 * up can tag within milliseconds. The source pack stays the truth: a unit test checks that the bundled
 * file is what `compilePack` makes of ../data/*.json.
 */

export const ARTIFACT_ABOUT =
  'Generated from lib/topics/data/*.json by compilePack; do not edit. After changing the pack, run: ' +
  'npx vitest run test/unit/topics/compiled-pack.test.ts -u';

function artifactTopic(r: TopicRules): ArtifactTopic {
  const t = r.topic;
  return {
    id: t.id,
    name: t.name,
    aliases: t.aliases,
    ...(t.expansion !== undefined ? { expansion: t.expansion } : {}),
    parents: t.parents,
    description: t.description,
    rule: t.rule ?? '',
    ...(r.groupCount > 0 ? { groups: r.groupCount } : {}),
    ...(r.hasRequire ? { require: true as const } : {}),
    ...(r.gate.length > 0 ? { gate: [...r.gate] } : {}),
    ...(r.weight !== 1 ? { weight: r.weight } : {}),
  };
}

export function serializePack(pack: RulePack): PackArtifact {
  const { artifact, order } = serializeIndex(pack.index);
  const usages: number[] = [];
  for (const p of order) {
    usages.push(pack.usageStarts[p + 1]! - pack.usageStarts[p]!);
    for (let u = pack.usageStarts[p]!; u < pack.usageStarts[p + 1]!; u++) usages.push(pack.usageCodes[u]!);
  }
  return {
    about: ARTIFACT_ABOUT,
    format: ARTIFACT_FORMAT,
    version: pack.version,
    topics: pack.rules.map(artifactTopic),
    ...artifact,
    usages: encodeNumbers(usages),
  };
}

/** Roles a usage can have: any, or title-only for a strong phrase or a group. */
function validRole(role: number): boolean {
  if (role < ROLE_TITLE_ONLY) return true;
  const base = role - ROLE_TITLE_ONLY;
  return base === ROLE_STRONG || base >= ROLE_GROUP;
}

function restoreUsages(text: string, patternCount: number, topicCount: number) {
  const u = decodeNumbers(text);
  if (!u) throw new PackError('invalid compiled pack at usages: not a list of numbers');
  const usageStarts = new Int32Array(patternCount + 1);
  const usageCodes = new Int32Array(Math.max(u.length - patternCount, 0));
  let kept = 0;
  let i = 0;
  for (let p = 0; p < patternCount; p++) {
    usageStarts[p] = kept;
    const count = u[i++];
    if (count === undefined || i + count > u.length)
      throw new PackError(`invalid compiled pack: usages of ${p}`);
    for (let k = 0; k < count; k++) {
      const code = u[i++]!;
      if (code >> ROLE_BITS >= topicCount || !validRole(code & (ROLES - 1))) {
        throw new PackError(`invalid compiled pack: usage ${code} of pattern ${p}`);
      }
      usageCodes[kept++] = code;
    }
  }
  if (i !== u.length) throw new PackError('invalid compiled pack: usages');
  usageStarts[patternCount] = kept;
  return { usageStarts, usageCodes };
}

function topicRules(t: ArtifactTopic): TopicRules {
  const topic: Topic = {
    id: t.id,
    name: t.name,
    kind: 'fine',
    aliases: t.aliases,
    ...(t.expansion ? { expansion: t.expansion } : {}),
    parents: t.parents,
    description: t.description,
    rule: t.rule,
  };
  return {
    topic,
    groupCount: t.groups ?? 0,
    hasRequire: t.require === true,
    gate: t.gate ?? [],
    weight: t.weight ?? 1,
  };
}

/**
 * Validates a compiled pack (zod, then every number as it is read) and restores it. Throws PackError.
 * `lazy`: the phrase index and usages are restored (and their numbers checked) when first read, by the first
 * paper tagged (the bundled pack, which the unit tests load eagerly: a worker woken to answer Ask does not
 * restore tables it does not read).
 */
export function loadCompiledPack(data: unknown, lazy = false): RulePack {
  const result = PackArtifactSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new PackError(`invalid compiled pack at ${issue?.path.join('.') || 'root'}: ${issue?.message}`);
  }
  const a = result.data;
  const rules = a.topics.map(topicRules);
  const ids = new Set(rules.map((r) => r.topic.id));
  for (const r of rules) {
    for (const parent of r.topic.parents) {
      if (!ids.has(parent))
        throw new PackError(`invalid compiled pack: ${r.topic.id}: unknown parent ${parent}`);
    }
  }
  const matching = () => {
    const index = restoreIndex(a);
    return { index, ...restoreUsages(a.usages, index.patternCount, rules.length) };
  };
  return assemblePack(a.version, rules, lazy ? matching : matching());
}
