import type { TaggableText } from '../paper';
import type { CompiledPack } from './load-pack';
import { type Field, FieldScan } from './matching/field-scan';
import { scanField } from './matching/phrase-scan';
import { combineWithModel, ruleOutput } from './model/combine';
import type { RuleOutput } from './model/model-score';
import { type CompiledQuery, compileQuery, prepareText } from './query';
import { acronymUses, mergeUses } from './scoring/acronyms';
import { type RejectedTag, scoreFineTopics } from './scoring/fine-scoring';
import { withAncestors } from './scoring/hierarchy';
import { type CompiledScorer, currentScorer, type TopicScorer } from './scoring/topic-scorer';
import { userTopicMatcher } from './scoring/user-topic-match';
import type { Topic, TopicTag } from './types';

// Scratch for the paper being tagged (tagging is synchronous: one paper at a time).
const FIELDS: readonly Field[] = [
  { where: 'title', scan: new FieldScan() },
  { where: 'abstract', scan: new FieldScan() },
];

/** At most this many fine topics per paper, as on the reference topic page (1 to 6 tags). */
export const MAX_FINE_TOPICS = 6;

export interface UserTopic {
  id: string;
  name: string;
  query: string;
  /** Learned with the query from example papers (topic-scorer.ts); checked before it gets here. */
  scorer?: TopicScorer | undefined;
}

export interface CompiledUserTopic {
  topic: Topic;
  query: CompiledQuery;
  scorer?: CompiledScorer | undefined;
}

const USER_ID = /^user-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** 'user-' + a kebab-case slug of the name ("Muon & friends" -> "user-muon-friends"). */
export function userTopicId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `user-${slug || 'topic'}`;
}

/** Compiles each user topic's query once; a bad query or id is reported, never thrown. */
export function compileUserTopics(list: readonly UserTopic[]): {
  compiled: CompiledUserTopic[];
  errors: { id: string; position: number; message: string }[];
} {
  const compiled: CompiledUserTopic[] = [];
  const errors: { id: string; position: number; message: string }[] = [];
  const seen = new Set<string>();
  for (const user of list) {
    if (!USER_ID.test(user.id)) {
      errors.push({
        id: user.id,
        position: 0,
        message: 'A user topic id is "user-" followed by a kebab-case slug',
      });
      continue;
    }
    if (seen.has(user.id)) {
      errors.push({ id: user.id, position: 0, message: 'Two user topics have this id' });
      continue;
    }
    seen.add(user.id);
    const result = compileQuery(user.query);
    if (!result.ok) {
      errors.push({ id: user.id, ...result.error });
      continue;
    }
    const topic: Topic = {
      id: user.id,
      name: user.name.trim() || user.id,
      kind: 'user',
      aliases: [],
      parents: [],
      description: `Your topic: ${user.query}`,
      rule: `Papers matching the query ${user.query}`,
    };
    // A scorer of another tokenizer is left out (topic-scorer.ts staleScorerReason): the query alone matches.
    const scorer = currentScorer(user.scorer);
    compiled.push({ topic, query: result.query, ...(scorer ? { scorer } : {}) });
  }
  return { compiled, errors };
}

/**
 * The topics of one paper: its fine topics (best first, at most MAX_FINE_TOPICS), its arXiv categories,
 * then the user topics whose query it matches; each with the evidence for it. Pure and deterministic.
 */
export function tagPaper(
  paper: TaggableText,
  pack: CompiledPack,
  userTopics: readonly CompiledUserTopic[] = [],
): TopicTag[] {
  return tagPaperExplained(paper, pack, userTopics, false).tags;
}

/**
 * `tagPaper`'s topics and scores only, for a caller that keeps no evidence (the stored index): the same
 * topics with the same scores in the same order, without building the phrases that explain them.
 */
export function tagPaperScores(
  paper: TaggableText,
  pack: CompiledPack,
  userTopics: readonly CompiledUserTopic[] = [],
): Pick<TopicTag, 'topicId' | 'score'>[] {
  return tagPaperExplained(paper, pack, userTopics, false, false).tags;
}

/** `tagPaper`, plus the fine topics that had some evidence but were not given, and why. */
export function tagPaperExplained(
  paper: TaggableText,
  pack: CompiledPack,
  userTopics: readonly CompiledUserTopic[] = [],
  explain = true,
  withEvidence = true,
): { tags: TopicTag[]; rejected: RejectedTag[] } {
  scanPaper(paper, pack);
  const { model } = pack;
  // The learned layer may read what the rules nearly gave (e: features): collected only then.
  const seen = model && model.model.ruleEvidence.size > 0 ? [] : undefined;
  const scored = scoreFineTopics(
    pack,
    FIELDS,
    paper.categories,
    model ? 1e9 : MAX_FINE_TOPICS,
    explain,
    seen,
    withEvidence || explain,
  );
  const { rejected } = scored;
  const fine = model
    ? combineWithModel(
        scored.tags,
        model,
        pack,
        FIELDS,
        paper.categories,
        MAX_FINE_TOPICS,
        explain ? rejected : undefined,
        seen,
        withEvidence || explain,
      )
    : scored.tags;
  const tags = withAncestors(fine, pack);

  const { categories } = paper;
  for (let i = 0; i < categories.length; i++) {
    const category = categories[i]!;
    // A category listed twice is given once (a paper lists a handful: no set needed).
    if (categories.indexOf(category) !== i || pack.byId.get(category)?.kind !== 'category') continue;
    // The primary category (listed first) counts a little more than cross-lists.
    tags.push({
      topicId: category,
      score: i === 0 ? 1 : 0.5,
      evidence: [{ phrase: category, where: 'category' }],
    });
  }

  if (userTopics.length > 0) matchUserTopics(paper, pack, userTopics, tags);
  // A topic the rules found too weak may still be given, by the model or as a parent: not "rejected" then.
  if (rejected.length === 0) return { tags, rejected };
  const given = new Set(tags.map((t) => t.topicId));
  return { tags, rejected: rejected.filter((r) => !given.has(r.topicId)) };
}

/** Scans title and abstract into FIELDS (phrase hits, acronyms with their expansions). */
function scanPaper(paper: TaggableText, pack: CompiledPack) {
  const [title, abstract] = FIELDS as [Field, Field];
  // Word ids must stay valid for the whole paper: the word table is trimmed before it, never during.
  pack.index.words.trim();
  scanField(pack.index, paper.title, title.scan);
  scanField(pack.index, paper.abstract, abstract.scan);
  const uses = acronymUses(pack.index, paper.abstract, abstract.scan, title.scan);
  mergeUses(title.scan, uses.title);
  mergeUses(abstract.scan, uses.abstract);
}

/**
 * What the rules alone say of a paper, as the learned layer reads it (its `r:` and `e:` features): the fine
 * topics they give, uncapped, with their ancestors, and the ones they saw evidence for. The training script
 * computes its features with this, so they are the tagger's own.
 */
export function rulesSaid(paper: TaggableText, pack: CompiledPack): RuleOutput {
  scanPaper(paper, pack);
  const seen: string[] = [];
  const scored = scoreFineTopics(pack, FIELDS, paper.categories, 1e9, false, seen);
  return ruleOutput(scored.tags, seen, pack);
}

/**
 * Appends the user topics the paper matches (their query, or their learned scorer: user-topic-match.ts).
 * One reading of the paper for all of them:
 * preparing it per topic cost 250 topics 250 readings. `topic:` terms see the fine topics already in
 * `tags` (ancestors included), looked up only when a query has one.
 */
function matchUserTopics(
  paper: TaggableText,
  pack: CompiledPack,
  userTopics: readonly CompiledUserTopic[],
  tags: TopicTag[],
) {
  const fineAndCategories = tags.length;
  const prepared = prepareText(paper, undefined, (id) => {
    const topic = pack.byId.get(id);
    if (topic?.kind !== 'fine') return undefined;
    for (let i = 0; i < fineAndCategories; i++) if (tags[i]!.topicId === id) return topic.name;
    return undefined;
  });
  const match = userTopicMatcher(paper, prepared);
  for (const user of userTopics) {
    const hit = match(user);
    if (hit)
      tags.push({ topicId: user.topic.id, score: Math.max(1, hit.evidence.length), evidence: hit.evidence });
  }
}
