import { phraseKey } from '../../text/tokens';
import { addPhrase } from '../matching/phrase-add';
import { createPhraseIndex, type PhraseIndex } from '../matching/phrase-index';
import type { Topic } from '../types';
import {
  assemblePack,
  categoryTopics,
  groupUsages,
  PackError,
  ROLE_CUE,
  ROLE_EXCLUDE,
  ROLE_GROUP,
  ROLE_REQUIRE,
  ROLE_STRONG,
  ROLE_TITLE_ONLY,
  ROLES,
  type RulePack,
  type TopicRules,
} from './model';
import { describeRule } from './rule-text';
import { type PackData, PackDataSchema, type TopicData } from './schema';

/** From pack source data (../data/*.json, see schema.ts) to a compiled pack. */

const TITLE_ONLY = 'ti:';
const DOLLAR = 36;

function expandSets(list: readonly string[], sets: PackData['sets'], where: string): string[] {
  const out: string[] = [];
  for (const phrase of list) {
    if (phrase.charCodeAt(0) !== DOLLAR) out.push(phrase);
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
    for (let i = -1; i < t.aliases.length; i++) {
      const label = i < 0 ? t.name : t.aliases[i]!;
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
      for (const q of parents.get(p) ?? []) stack.push(q);
    }
  }
}

/**
 * Phrases to patterns and usages. A phrase is parsed where it is used; a shared set, used by dozens of
 * topics, is parsed once. Usages are collected as (pattern, usage) pairs in the order they are met.
 */
class UsageCollector {
  readonly index: PhraseIndex = createPhraseIndex();
  readonly patterns: number[] = [];
  readonly codes: number[] = [];
  private readonly setPatterns = new Map<string, number[]>();

  constructor(private readonly sets: PackData['sets']) {}

  /** Records the phrases of one list (sets expanded) as `baseRole` for topic n. */
  useList(list: readonly string[], n: number, baseRole: number, where: string) {
    for (const written of list) {
      if (written.charCodeAt(0) !== DOLLAR) {
        this.use(written, undefined, n, baseRole, where);
        continue;
      }
      const name = written.slice(1);
      const set = this.sets[name];
      if (!set) throw new PackError(`${where}: unknown phrase set ${written}`);
      let ids = this.setPatterns.get(name);
      if (ids === undefined) {
        ids = [];
        this.setPatterns.set(name, ids);
      }
      for (let k = 0; k < set.length; k++) ids[k] = this.use(set[k]!, ids[k], n, baseRole, where);
    }
  }

  /** Records one phrase (its pattern parsed unless known) and returns its pattern id. */
  private use(
    written: string,
    known: number | undefined,
    n: number,
    baseRole: number,
    where: string,
  ): number {
    const titleOnly = written.startsWith(TITLE_ONLY);
    if (titleOnly && baseRole !== ROLE_STRONG && baseRole < ROLE_GROUP) {
      throw new PackError(`${where}: "${written}": only phrases and groups can be title-only`);
    }
    const id = known ?? addPhrase(this.index, written, titleOnly ? TITLE_ONLY.length : 0);
    if (id === undefined) {
      const phrase = titleOnly ? written.slice(TITLE_ONLY.length) : written;
      throw new PackError(`${where}: phrase "${phrase}" has no words`);
    }
    this.patterns.push(id);
    this.codes.push(n * ROLES + (titleOnly ? ROLE_TITLE_ONLY + baseRole : baseRole));
    return id;
  }
}

function topicOf(t: TopicData, sets: PackData['sets']): Topic {
  return {
    id: t.id,
    name: t.name,
    kind: 'fine',
    aliases: t.aliases,
    ...(t.expansion ? { expansion: t.expansion } : {}),
    parents: t.parents,
    description: t.description,
    rule: describeRule(t, (list) => expandSets(list, sets, t.id)),
  };
}

/** Validates pack source data (zod, then ids, parents, vocabulary) and compiles it. Throws PackError. */
export function compilePack(data: unknown): RulePack {
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

  const usages = new UsageCollector(pack.sets);
  const rules: TopicRules[] = [];
  pack.topics.forEach((t, n) => {
    // Order matters (pattern ids, usage order): name, aliases, phrases, cues, require, exclude, groups.
    if (t.nameMatch) usages.useList([t.name], n, ROLE_STRONG, t.id);
    usages.useList(t.aliases, n, ROLE_STRONG, t.id);
    usages.useList(t.phrases, n, ROLE_STRONG, t.id);
    usages.useList(t.cues, n, ROLE_CUE, t.id);
    if (t.require) usages.useList(t.require, n, ROLE_REQUIRE, t.id);
    if (t.exclude) usages.useList(t.exclude, n, ROLE_EXCLUDE, t.id);
    t.all?.forEach((group, g) => {
      usages.useList(group, n, ROLE_GROUP + g, t.id);
    });
    rules.push({
      topic: topicOf(t, pack.sets),
      groupCount: t.all?.length ?? 0,
      hasRequire: t.require !== undefined,
      gate: t.categories ?? [],
      weight: t.weight,
    });
  });

  const { index } = usages;
  const grouped = groupUsages(index.patternCount, usages.patterns, usages.codes);
  return assemblePack(pack.version, rules, { index, ...grouped });
}
