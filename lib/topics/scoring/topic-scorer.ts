import { z } from 'zod';
import { TOKENIZER_VERSION, words } from '../../text/words';

/**
 * A user topic's learned scorer (issue 37): a logistic model on the words and word pairs of a paper's title
 * and abstract, learned from example papers (lib/discover/learn-scorer.ts trains it, learn-topic-scorer.ts
 * places its thresholds). Here: the features, the margin, and the stored form, checked and bounded.
 */

/** A paper as the scorer reads it. */
export interface ScorerPaper {
  title: string;
  abstract: string;
}

/** Feature -> value, L2-normalised. */
export type Features = Map<string, number>;

export interface Scorer {
  /** Feature -> weight; features absent weigh nothing. */
  weights: Map<string, number>;
  bias: number;
}

const STOP = new Set(
  'a an and are as at be by can for from has have in into is it its of on or our that the their these this to using via was we which while with without both than then there they such also may more most not only over under based new two one how what when where whether do does can via towards toward'.split(
    ' ',
  ),
);

/** The words of lib/text/words.ts (as the tagger splits them), lower case, stop words and numbers left out. */
function scorerWords(text: string): string[] {
  return words(text)
    .map((w) => w.toLowerCase())
    .filter((w) => !STOP.has(w) && !/^\d+$/.test(w));
}

/** Words and adjacent pairs (stop words dropped first) of title (counted twice) and abstract, 1 + log tf, unit length. */
export function scorerFeatures(paper: ScorerPaper): Features {
  const counts = new Map<string, number>();
  const add = (tokens: string[], times: number) => {
    tokens.forEach((w, i) => {
      counts.set(w, (counts.get(w) ?? 0) + times);
      if (i > 0) {
        const pair = `${tokens[i - 1]} ${w}`;
        counts.set(pair, (counts.get(pair) ?? 0) + times);
      }
    });
  };
  add(scorerWords(paper.title), 2);
  add(scorerWords(paper.abstract), 1);
  const out: Features = new Map();
  let norm = 0;
  for (const [f, c] of counts) {
    const v = 1 + Math.log(c);
    out.set(f, v);
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [f, v] of out) out.set(f, v / norm);
  return out;
}

/** The margin w·x + b (log odds). */
export function scoreFeatures(scorer: Scorer, features: Features): number {
  let s = scorer.bias;
  for (const [f, v] of features) {
    const w = scorer.weights.get(f);
    if (w !== undefined) s += w * v;
  }
  return s;
}

/** The version of scorerFeatures a stored scorer was learned with. */
export const SCORER_VERSION = 1;
/** At most this many weights are kept (about 60 kB of JSON): a topic stays small in the store and the backup. */
export const MAX_SCORER_WEIGHTS = 2000;
/** A feature is a word or a pair of words; longer ones are never kept. */
export const MAX_FEATURE_LENGTH = 100;
/** Weights, bias and thresholds: learned ones are within tens; anything beyond this is not a learned scorer. */
const BOUND = 10_000;

const bounded = z.number().min(-BOUND).max(BOUND);

/**
 * A scorer as stored with a user topic, exported, imported and read by the CLI's `--topics`: its kept weights
 * as [feature, weight] pairs, the bias, and two thresholds on the margin (log odds): `threshold`, above which
 * the scorer alone matches a paper, and `queryThreshold`, above which a paper the query matches is kept.
 */
export const TopicScorerSchema = z.strictObject({
  version: z.literal(SCORER_VERSION),
  /**
   * The word splitting its features were read with (lib/text/words.ts TOKENIZER_VERSION). Absent in a
   * scorer learned before it was recorded (backups of version 4): such a scorer is kept but not used.
   */
  tokenizer: z.number().int().min(0).optional(),
  bias: bounded,
  threshold: bounded,
  queryThreshold: bounded,
  weights: z
    .array(z.tuple([z.string().min(1).max(MAX_FEATURE_LENGTH), bounded]))
    .max(MAX_SCORER_WEIGHTS)
    .refine((pairs) => new Set(pairs.map(([f]) => f)).size === pairs.length, {
      message: 'a feature is listed twice',
    }),
});
export type TopicScorer = z.infer<typeof TopicScorerSchema>;

export interface CompiledScorer extends Scorer {
  threshold: number;
  queryThreshold: number;
}

/**
 * Why a stored scorer is not used, or undefined when it is: one learned over words split another way
 * would weigh features a paper no longer has. Its examples are not kept, so it cannot be learned again
 * here: the topic matches by its query until the user learns it again.
 */
export function staleScorerReason(stored: TopicScorer): string | undefined {
  if (stored.tokenizer === TOKENIZER_VERSION) return undefined;
  return 'The learned scorer was made by an older version of PaperPulse, which split words differently, so only the query is used. Learn the topic again from its examples to get a scorer back.';
}

/** The scorer a topic is matched with: its stored one compiled, unless absent or stale (staleScorerReason). */
export function currentScorer(stored: TopicScorer | undefined): CompiledScorer | undefined {
  return stored && staleScorerReason(stored) === undefined ? compileScorer(stored) : undefined;
}

export function compileScorer(stored: TopicScorer): CompiledScorer {
  const { bias, threshold, queryThreshold } = stored;
  return { weights: new Map(stored.weights), bias, threshold, queryThreshold };
}

/** What made a paper part of a user topic: its query (kept by the scorer, when there is one), or the scorer alone. */
export type MatchedBy = 'query' | 'scorer';

/**
 * The one rule of a user topic (tagger, chips, counts, previews, the CLI): without a scorer, the query; with
 * one, a query match whose margin passes `queryThreshold`, or any paper whose margin passes `threshold`.
 * Measured as `npm run eval:learn`'s "query + scorer" (test/eval/learn-niches.ts). `margin` is computed only
 * when needed.
 */
export function userTopicMatch(
  queryMatched: boolean,
  scorer: CompiledScorer | undefined,
  margin: () => number,
): MatchedBy | undefined {
  if (!scorer) return queryMatched ? 'query' : undefined;
  const m = margin();
  if (queryMatched && m > scorer.queryThreshold) return 'query';
  return m > scorer.threshold ? 'scorer' : undefined;
}

/** The features that weighed most for a paper (what a scorer's match shows as its evidence). */
export function heaviestFeatures(scorer: Scorer, features: Features, count = 3): string[] {
  const parts: [string, number][] = [];
  for (const [f, v] of features) {
    const w = scorer.weights.get(f);
    if (w !== undefined && w > 0) parts.push([f, w * v]);
  }
  return parts
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, count)
    .map(([f]) => f);
}
