import type { TaggableText } from '../../paper';
import { type CompiledQuery, matchPrepared, type PreparedText } from '../query';
import type { Evidence } from '../types';
import {
  type CompiledScorer,
  type Features,
  heaviestFeatures,
  type MatchedBy,
  scoreFeatures,
  scorerFeatures,
  userTopicMatch,
} from './topic-scorer';

/** What a user topic is matched with: its compiled query and, when it was learned with one, its scorer. */
export interface MatchableUserTopic {
  query: CompiledQuery;
  scorer?: CompiledScorer | undefined;
}

export interface UserTopicHit {
  by: MatchedBy;
  evidence: Evidence[];
}

/**
 * Matches user topics against one paper, read once: the prepared text for the queries, the scorer's features
 * only when a topic has a scorer (computed once for all of them). The tagger and the previews both match
 * through this, so a chip, a count and a preview row follow the same rule (userTopicMatch).
 */
export function userTopicMatcher(
  paper: TaggableText,
  prepared: PreparedText,
): (topic: MatchableUserTopic) => UserTopicHit | undefined {
  let features: Features | undefined;
  const featuresOf = () => {
    features ??= scorerFeatures(paper);
    return features;
  };
  return (topic) => {
    const evidence = matchPrepared(topic.query, prepared);
    const { scorer } = topic;
    const by = userTopicMatch(evidence !== null, scorer, () => scoreFeatures(scorer!, featuresOf()));
    if (by === undefined) return undefined;
    if (by === 'query') return { by, evidence: evidence ?? [] };
    return { by, evidence: scorerEvidence(paper, scorer!, featuresOf()) };
  };
}

/** A scorer's match shows the words that weighed most, each where the paper has it. */
function scorerEvidence(paper: TaggableText, scorer: CompiledScorer, features: Features): Evidence[] {
  const title = scorerFeatures({ title: paper.title, abstract: '' });
  return heaviestFeatures(scorer, features).map((phrase) => ({
    phrase,
    where: title.has(phrase) ? 'title' : 'abstract',
  }));
}
