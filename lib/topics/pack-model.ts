import { ARXIV_CATEGORIES } from './categories';
import type { PhraseIndex } from './phrase-index';
import type { Topic } from './types';

/**
 * The compiled pack: topics, the phrase index, and which topic each phrase counts for and how.
 * Built from the source data (`compilePack`) or read from the prebuilt artifact (`loadPack`).
 */

/**
 * How a phrase counts for a topic: usage = topic number * ROLES + role. Groups are ROLE_GROUP + group
 * number; a phrase written `ti:...` counts only in the title (ROLE_TITLE_ONLY + its role).
 */
export const ROLE_STRONG = 0;
export const ROLE_CUE = 1;
export const ROLE_REQUIRE = 2;
export const ROLE_EXCLUDE = 3;
export const ROLE_GROUP = 4;
export const ROLE_TITLE_ONLY = 8;
export const ROLES = 16;

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
  /** For each pattern: topic number * ROLES + role. */
  usages: readonly (readonly number[])[];
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
  return { version, topics, byId, rules, index, usages };
}
