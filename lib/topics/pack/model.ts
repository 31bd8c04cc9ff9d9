import { ARXIV_CATEGORIES } from '../data/categories';
import { type PhraseIndex, scanTables } from '../matching/phrase-index';
import type { Topic } from '../types';

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

export interface RulePack {
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

/** The part of a pack that matches text: the phrase index and each phrase's usages. */
export type PackMatching = Pick<RulePack, 'index' | 'usageStarts' | 'usageCodes'>;

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

/**
 * The usages of each pattern, from (pattern, usage) pairs in the order they were met: grouped by
 * pattern (a stable counting sort), each usage once, in first-met order.
 */
export function groupUsages(patternCount: number, patterns: readonly number[], codes: readonly number[]) {
  const usageStarts = new Int32Array(patternCount + 1);
  for (const p of patterns) usageStarts[p + 1]!++;
  for (let p = 0; p < patternCount; p++) usageStarts[p + 1]! += usageStarts[p]!;
  const fill = usageStarts.slice(0, patternCount);
  const sorted = new Int32Array(patterns.length);
  patterns.forEach((p, i) => {
    sorted[fill[p]!++] = codes[i]!;
  });
  // Drop repeats (a phrase listed twice for one topic and role), keeping the first.
  const usageCodes = new Int32Array(patterns.length);
  let kept = 0;
  for (let p = 0; p < patternCount; p++) {
    const from = usageStarts[p]!;
    const to = usageStarts[p + 1]!;
    usageStarts[p] = kept;
    const first = kept;
    for (let u = from; u < to; u++) {
      let repeat = false;
      for (let k = first; k < kept && !repeat; k++) repeat = usageCodes[k] === sorted[u];
      if (!repeat) usageCodes[kept++] = sorted[u]!;
    }
  }
  usageStarts[patternCount] = kept;
  return { usageStarts, usageCodes: usageCodes.slice(0, kept) };
}

/**
 * The pack from its rules and its matching part; given as a function, the matching part is made (and its
 * scan tables built) when first read, so a reader of topics alone (a worker woken to answer Ask) does not
 * pay for it. Its fields stay getters: copy such a pack with `extendPack`, not by spreading it.
 */
export function assemblePack(
  version: string,
  rules: TopicRules[],
  matching: PackMatching | (() => PackMatching),
): RulePack {
  const topics = [...rules.map((r) => r.topic), ...categoryTopics()];
  const byId = new Map<string, Topic>();
  for (const t of topics) {
    if (byId.has(t.id)) throw new PackError(`duplicate topic id ${t.id}`);
    byId.set(t.id, t);
  }
  if (typeof matching !== 'function') {
    scanTables(matching.index);
    return { version, topics, byId, rules, ...matching };
  }
  let made: PackMatching | undefined;
  const make = (): PackMatching => {
    if (!made) {
      const m = matching();
      scanTables(m.index);
      made = m;
    }
    return made;
  };
  const pack = { version, topics, byId, rules } as Omit<RulePack, keyof PackMatching>;
  return Object.defineProperties(pack, {
    index: { get: () => make().index, enumerable: true },
    usageStarts: { get: () => make().usageStarts, enumerable: true },
    usageCodes: { get: () => make().usageCodes, enumerable: true },
  }) as RulePack;
}

/** The pack with `extra` added; fields made when first read (`assemblePack`) stay so. */
export function extendPack<T extends object>(pack: RulePack, extra: T): RulePack & T {
  return Object.defineProperties(
    {},
    { ...Object.getOwnPropertyDescriptors(pack), ...Object.getOwnPropertyDescriptors(extra) },
  ) as RulePack & T;
}
