/**
 * The shapes every consumer of topics shares: the background, the store, the UI and the CLI.
 * A `Topic` is what the product shows; its match rules stay inside the compiled pack.
 */

export type TopicKind = 'category' | 'fine' | 'user';

export interface Topic {
  id: string;
  name: string;
  kind: TopicKind;
  aliases: string[];
  /** Acronym expansion shown under the name, e.g. "RL: Reinforcement Learning". */
  expansion?: string;
  /** Ids of broader topics. */
  parents: string[];
  description: string;
  /** For arXiv categories: the archive, e.g. 'cs'. */
  archive?: string;
  /** Human-readable summary of the match rules ("what counts as this topic"). */
  rule?: string;
}

/** One reason a tag was given: a phrase of the paper and where it was found. */
export interface Evidence {
  phrase: string;
  where: 'title' | 'abstract' | 'category' | 'author' | 'topic';
}

export interface TopicTag {
  topicId: string;
  score: number;
  evidence: Evidence[];
  /**
   * Fine topics: what gave the tag. `rules` (matched phrases), `model` (the learned layer; evidence: the
   * paper's words that weighed most), `both`, or `parent` (implied by a child topic, with its evidence).
   */
  source?: 'rules' | 'model' | 'both' | 'parent';
}
