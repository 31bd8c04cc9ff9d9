import { ARXIV_CATEGORIES } from './categories';
import type { PhraseIndex } from './phrase-index';
import type { Topic } from './types';

/**
 * The compiled pack: topics, the phrase index, and which topic each phrase counts for and how.
 * Built from the source data (`compilePack`) or read from the prebuilt artifact (`loadPack`).
 */

/**
 * How a phrase counts for a topic: usage = topic number * ROLES + role (topic << ROLE_BITS | role).
 * Groups are ROLE_GROUP + group number; a phrase written `ti:...` counts only in the title
 * (ROLE_TITLE_ONLY + its role).
 */
export const ROLE_STRONG = 0;
export const ROLE_CUE = 1;
export const ROLE_REQUIRE = 2;
export const ROLE_EXCLUDE = 3;
export const ROLE_GROUP = 4;
export const ROLE_TITLE_ONLY = 8;
export const ROLE_BITS = 4;
export const ROLES = 1 << ROLE_BITS;

/** The match rules of one fine topic, in compiled form. */
export interface TopicRules {
  topic: Topic;
  groupCount: number;
  hasRequire: boolean;
  /** Category ids or archives the paper must carry one of; empty: no gate. */
  gate: readonly string[];
  /** Score multiplier (umbrella topics yield to specific ones). */
  weight: number;
}

export interface CompiledPack {
  version: string;
  /** Fine topics, then the arXiv categories. */
  topics: readonly Topic[];
  byId: ReadonlyMap<string, Topic>;
  /** Fine topics' rules, indexed by the numbers used in `usages`. */
  rules: readonly TopicRules[];
  index: PhraseIndex;
  /** The usages (topic number * ROLES + role) of pattern p: usageCodes[usageStarts[p] .. usageStarts[p + 1]). */
  usageStarts: Int32Array;
  usageCodes: Int32Array;
}

export class PackError extends Error {}

export function categoryTopics(): Topic[] {
  return ARXIV_CATEGORIES.map((c) => ({
    id: c.id,
    name: c.name,
    kind: 'category' as const,
    aliases: [],
    parents: [],
    description: `arXiv category ${c.id} (${c.group}).`,
    archive: c.archive,
    rule: `The paper is listed in ${c.id}, as primary or cross-list.`,
  }));
}

export function assemblePack(
  version: string,
  rules: TopicRules[],
  index: PhraseIndex,
  usages: readonly (readonly number[])[],
): CompiledPack {
  const topics = [...rules.map((r) => r.topic), ...categoryTopics()];
  const byId = new Map<string, Topic>();
  for (const t of topics) {
    if (byId.has(t.id)) throw new PackError(`duplicate topic id ${t.id}`);
    byId.set(t.id, t);
  }
  // Flat, for the scoring loop: one typed array read per usage instead of an array per pattern.
  const usageStarts = new Int32Array(index.patterns.length + 1);
  let total = 0;
  for (let p = 0; p < index.patterns.length; p++) {
    usageStarts[p] = total;
    total += usages[p]?.length ?? 0;
  }
  usageStarts[index.patterns.length] = total;
  const usageCodes = new Int32Array(total);
  usages.forEach((list, p) => {
    usageCodes.set(list, usageStarts[p]);
  });
  return { version, topics, byId, rules, index, usageStarts, usageCodes };
}
