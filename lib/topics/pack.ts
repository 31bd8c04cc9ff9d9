import { ARXIV_CATEGORIES } from './categories';
import { PACK_DATA } from './pack-data';
import { describeRule } from './pack-rule-text';
import { type PackData, PackDataSchema, type TopicData } from './pack-schema';
import { createPhraseIndex, type PhraseIndex, parsePattern } from './phrase-index';
import { phraseKey } from './text';
import type { Topic } from './types';

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
const TITLE_ONLY = 'ti:';

/** The match rules of one fine topic, in compiled form. */
export interface TopicRules {
  topic: Topic;
  groupCount: number;
  hasRequire: boolean;
  hasExclude: boolean;
  /** Category ids or archives the paper must carry one of; empty: no gate. */
  gate: readonly string[];
  /** Score multiplier (umbrella topics yield to specific ones). */
  weight: number;
}

export interface CompiledPack {
  version: string;
  topics: readonly Topic[];
  byId: ReadonlyMap<string, Topic>;
  /** Fine topics' rules, indexed by the numbers used in `usages`. */
  rules: readonly TopicRules[];
  index: PhraseIndex;
  /** For each pattern: topic number * ROLES + role. */
  usages: readonly (readonly number[])[];
}

export class PackError extends Error {}

function expandSets(list: readonly string[], sets: PackData['sets'], where: string): string[] {
  return list.flatMap((phrase) => {
    if (!phrase.startsWith('$')) return [phrase];
    const set = sets[phrase.slice(1)];
    if (!set) throw new PackError(`${where}: unknown phrase set ${phrase}`);
    return set;
  });
}

function categoryTopics(): Topic[] {
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

function checkVocabulary(topics: readonly TopicData[]) {
  const owner = new Map<string, string>();
  for (const t of topics) {
    for (const label of [t.name, ...t.aliases]) {
      const key = phraseKey(label);
      const previous = owner.get(key);
      if (previous !== undefined && previous !== t.id) {
        throw new PackError(`"${label}" of ${t.id} duplicates a name or alias of ${previous}`);
      }
      owner.set(key, t.id);
    }
  }
}

function checkParents(topics: readonly TopicData[], ids: ReadonlySet<string>) {
  const parents = new Map(topics.map((t) => [t.id, t.parents]));
  for (const t of topics) {
    for (const p of t.parents) if (!ids.has(p)) throw new PackError(`${t.id}: unknown parent ${p}`);
    // Walk up: a topic must never be its own ancestor.
    const seen = new Set<string>();
    const stack = [...t.parents];
    while (stack.length) {
      const p = stack.pop()!;
      if (p === t.id) throw new PackError(`${t.id}: parent cycle`);
      if (seen.has(p)) continue;
      seen.add(p);
      stack.push(...(parents.get(p) ?? []));
    }
  }
}

export function compilePack(data: unknown): CompiledPack {
  const result = PackDataSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new PackError(`invalid topic pack at ${issue?.path.join('.') || 'root'}: ${issue?.message}`);
  }
  const pack = result.data;
  const categories = categoryTopics();
  const ids = new Set<string>(categories.map((c) => c.id));
  for (const t of pack.topics) {
    if (ids.has(t.id)) throw new PackError(`duplicate topic id ${t.id}`);
    ids.add(t.id);
  }
  checkParents(pack.topics, ids);
  checkVocabulary(pack.topics);

  const index = createPhraseIndex();
  const usages: number[][] = [];
  // Shared sets repeat phrases across topics: parse each distinct phrase once.
  const parsed = new Map<string, number>();
  const use = (written: string, topicNumber: number, baseRole: number, where: string) => {
    const titleOnly = written.startsWith(TITLE_ONLY);
    const phrase = titleOnly ? written.slice(TITLE_ONLY.length) : written;
    if (titleOnly && baseRole !== ROLE_STRONG && baseRole < ROLE_GROUP) {
      throw new PackError(`${where}: "${written}": only phrases and groups can be title-only`);
    }
    const role = titleOnly ? ROLE_TITLE_ONLY + baseRole : baseRole;
    let id = parsed.get(phrase);
    if (id === undefined) {
      const pattern = parsePattern(phrase);
      if (!pattern) throw new PackError(`${where}: phrase "${phrase}" has no words`);
      id = index.add(pattern);
      parsed.set(phrase, id);
    }
    const list = usages[id] ?? [];
    usages[id] = list;
    const usage = topicNumber * ROLES + role;
    if (!list.includes(usage)) list.push(usage);
  };

  const rules: TopicRules[] = pack.topics.map((t, n) => {
    const strong = [
      ...(t.nameMatch ? [t.name] : []),
      ...t.aliases,
      ...expandSets(t.phrases, pack.sets, t.id),
    ];
    for (const phrase of strong) use(phrase, n, ROLE_STRONG, t.id);
    for (const phrase of expandSets(t.cues, pack.sets, t.id)) use(phrase, n, ROLE_CUE, t.id);
    for (const phrase of expandSets(t.require ?? [], pack.sets, t.id)) use(phrase, n, ROLE_REQUIRE, t.id);
    for (const phrase of expandSets(t.exclude ?? [], pack.sets, t.id)) use(phrase, n, ROLE_EXCLUDE, t.id);
    (t.all ?? []).forEach((group, g) => {
      for (const phrase of expandSets(group, pack.sets, t.id)) use(phrase, n, ROLE_GROUP + g, t.id);
    });
    const topic: Topic = {
      id: t.id,
      name: t.name,
      kind: 'fine',
      aliases: t.aliases,
      ...(t.expansion ? { expansion: t.expansion } : {}),
      parents: t.parents,
      description: t.description,
      rule: describeRule(t, (list) => expandSets(list, pack.sets, t.id)),
    };
    return {
      topic,
      groupCount: t.all?.length ?? 0,
      hasRequire: t.require !== undefined,
      hasExclude: t.exclude !== undefined,
      gate: t.categories ?? [],
      weight: t.weight,
    };
  });

  const topics = [...rules.map((r) => r.topic), ...categories];
  return { version: pack.version, topics, byId: new Map(topics.map((t) => [t.id, t])), rules, index, usages };
}

let loaded: CompiledPack | undefined;

/** The bundled pack, validated and compiled once. */
export function loadPack(): CompiledPack {
  loaded ??= compilePack(PACK_DATA);
  return loaded;
}
