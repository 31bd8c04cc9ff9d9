import type { TaggableText } from '../paper';
import { phraseKey } from '../text/tokens';
import type { CompiledPack } from './load-pack';
import { describeQuery } from './query';
import { type TaggingState, taggingState } from './reach';
import { reachFilter } from './reach-test';
import { createTopicResolver } from './resolve-topic-id';
import { staleScorerReason } from './scoring/topic-scorer';
import { createSpecificity } from './specificity';
import {
  type CompiledUserTopic,
  compileUserTopics,
  tagPaper,
  tagPaperExplained,
  tagPaperScores,
  type UserTopic,
} from './tagger';

import type { Topic, TopicTag } from './types';

/**
 * Every topic known: the bundled pack plus the user's own topics (the background's, or a CLI `--topics`
 * file). `signature` names the tagging rules in force; a stored paper tagged under another signature is
 * re-tagged.
 */
export function createCatalog(pack: CompiledPack) {
  let user: CompiledUserTopic[] = [];
  let userById = new Map<string, Topic>();
  let signature = pack.version;
  /** The user topics' part of the signature ('' without any). */
  let userRules = '';
  let searchKeys: { topic: Topic; keys: string[] }[] | undefined;
  let resolver: ((id: string) => string | undefined) | undefined;
  let specificity: ReturnType<typeof createSpecificity> | undefined;

  return {
    get signature() {
      return signature;
    },
    get(id: string): Topic | undefined {
      return pack.byId.get(id) ?? userById.get(id);
    },
    /** The topic, or the one error every message gives for an id no topic has. */
    require(id: string): Topic {
      const topic = this.get(id);
      if (!topic) throw new Error(`Unknown topic "${id.slice(0, 80)}"`);
      return topic;
    },
    /** The id a stale, renamed or alias-spelled id means (topic.html?id=vision-language-models). */
    resolve(id: string): string | undefined {
      resolver ??= createTopicResolver(this.all());
      return resolver(id);
    },
    /** Broader topics and fields, for showing a paper's most specific topics first. */
    get specificity() {
      specificity ??= createSpecificity(this.all());
      return specificity;
    },
    name(id: string): string {
      return this.get(id)?.name ?? id;
    },
    all(): Topic[] {
      return [...pack.topics, ...userById.values()];
    },
    /** Installs the user's topics; returns the ones whose query does not compile. */
    setUserTopics(list: readonly UserTopic[]) {
      const { compiled, errors } = compileUserTopics(list);
      user = compiled.map((c) => ({ ...c, topic: { ...c.topic, rule: userRule(c) } }));
      userById = new Map(user.map((c) => [c.topic.id, c.topic]));
      const rules = signatureRules(compiled, list);
      userRules = rules.length ? hash(rules.join('\n')) : '';
      signature = userRules ? `${pack.version}+${userRules}` : pack.version;
      searchKeys = undefined;
      resolver = undefined;
      specificity = undefined;
      return errors;
    },
    /** What tags are made under, topic by topic (reach.ts), with these tracked categories. */
    taggingState: (categories: readonly string[]) => taggingState(pack, userRules, categories),
    /** Which stored papers a change from `old` to `now` can re-tag differently (reach-test.ts). */
    reach: (old: TaggingState, now: TaggingState) => reachFilter(pack, old, now),
    tag(paper: TaggableText): TopicTag[] {
      return tagPaper(paper, pack, user);
    },
    /** `tag`'s topics and scores without their evidence (what the stored index keeps), built faster. */
    tagScores(paper: TaggableText): Pick<TopicTag, 'topicId' | 'score'>[] {
      return tagPaperScores(paper, pack, user);
    },
    /** The tags with what nearly matched and why not (the CLI's `explain`). */
    explain(paper: TaggableText) {
      return tagPaperExplained(paper, pack, user);
    },
    /** Topics whose name, alias or acronym contains the query (word-prefix matches first). */
    find(query: string, limit: number): Topic[] {
      const needle = phraseKey(query);
      const raw = query.trim().toLowerCase();
      if (!needle && !raw) return [];
      searchKeys ??= this.all().map((topic) => ({
        topic,
        keys: [topic.name, topic.id, ...topic.aliases].flatMap((k) => [k.toLowerCase(), phraseKey(k)]),
      }));
      return bestMatches(searchKeys, raw, needle, limit);
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;

/** What a user topic matches, in words (its page's "what counts as the topic"). */
function userRule(c: CompiledUserTopic): string {
  const query = describeQuery(c.query);
  return c.scorer ? `${query}, or ranked high by the scorer learned from its example papers` : query;
}

/**
 * The user topics' rules as the signature reads them: a scorer's change re-tags as a query's does, and so
 * does a scorer going out of use (learned over words split another way: its papers are matched again).
 */
function signatureRules(compiled: readonly CompiledUserTopic[], list: readonly UserTopic[]): string[] {
  const scorers = new Map(list.map((t) => [t.id, t.scorer]));
  const scorerKey = (id: string) => {
    const scorer = scorers.get(id);
    return scorer && !staleScorerReason(scorer) ? ` scorer ${hash(JSON.stringify(scorer))}` : '';
  };
  return compiled.map((c) => `${c.topic.id}=${describeQuery(c.query)}${scorerKey(c.topic.id)}`).sort();
}

/** The topics whose keys match best, at most `limit`. */
function bestMatches(
  searchKeys: { topic: Topic; keys: string[] }[],
  raw: string,
  needle: string,
  limit: number,
) {
  const scored: { topic: Topic; score: number }[] = [];
  for (const { topic, keys } of searchKeys) {
    const score = keyScore(keys, raw, needle);
    // Fine and user topics before the coarse arXiv categories at equal relevance.
    if (score > 0) scored.push({ topic, score: score * 2 + (topic.kind === 'category' ? 0 : 1) });
  }
  scored.sort((a, b) => b.score - a.score || a.topic.name.length - b.topic.name.length);
  return scored.slice(0, limit).map((s) => s.topic);
}

/** How well a topic's search keys match: 4 the whole key, 3 its start, 2 a word's start, 1 anywhere. */
function keyScore(keys: readonly string[], raw: string, needle: string): number {
  let score = 0;
  for (const key of keys) {
    if (key === raw || key === needle) score = Math.max(score, 4);
    else if (key.startsWith(raw) || (needle && key.startsWith(needle))) score = Math.max(score, 3);
    else if (key.includes(` ${needle}`) || key.includes(` ${raw}`)) score = Math.max(score, 2);
    else if (key.includes(raw)) score = Math.max(score, 1);
  }
  return score;
}

/** FNV-1a, enough to tell rule sets apart in a signature. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
