import {
  assemblePack,
  type CompiledPack,
  categoryTopics,
  PackError,
  ROLE_CUE,
  ROLE_EXCLUDE,
  ROLE_GROUP,
  ROLE_REQUIRE,
  ROLE_STRONG,
  ROLE_TITLE_ONLY,
  ROLES,
  type TopicRules,
} from './pack-model';
import { describeRule } from './pack-rule-text';
import { type PackData, PackDataSchema, type TopicData } from './pack-schema';
import { createPhraseIndex, parsePattern } from './phrase-index';
import { phraseKey } from './text';
import type { Topic } from './types';

/** From pack source data (./pack/*.json, see pack-schema.ts) to a compiled pack. */

const TITLE_ONLY = 'ti:';

function expandSets(list: readonly string[], sets: PackData['sets'], where: string): string[] {
  const out: string[] = [];
  for (const phrase of list) {
    if (phrase[0] !== '$') out.push(phrase);
    else {
      const set = sets[phrase.slice(1)];
      if (!set) throw new PackError(`${where}: unknown phrase set ${phrase}`);
      for (const p of set) out.push(p);
    }
  }
  return out;
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

/** Validates pack source data (zod, then ids, parents, vocabulary) and compiles it. Throws PackError. */
export function compilePack(data: unknown): CompiledPack {
  const result = PackDataSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new PackError(`invalid topic pack at ${issue?.path.join('.') || 'root'}: ${issue?.message}`);
  }
  const pack = result.data;
  const ids = new Set<string>(categoryTopics().map((c) => c.id));
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
      gate: t.categories ?? [],
      weight: t.weight,
    };
  });

  return assemblePack(pack.version, rules, index, usages);
}
