/**
 * The query and the learned scorer together, as `npm run eval:learn -- --scorer` measures them (learn-niches.ts
 * runs the niches), with the fifth session's options: `guard` (a re-learned query replaces the previous one
 * only if the taught papers are classified at least as well; measured a no-op, kept to measure a next check).
 * "Not this" marks narrowing a broad term by the scorer's heaviest phrase (`--narrow`, learn7 1d04afa-dcc58de)
 * was measured (+0.003 on tune) and taken out.
 */
import {
  drawScorerPool,
  type IndexPaper,
  learnTopicScorer,
  type TopicScorerSetting,
} from '../../../lib/discover/learn-topic-scorer';
import type { TopicScorer } from '../../../lib/topics/scoring/topic-scorer';
import {
  type CompiledScorer,
  compileScorer,
  type Features,
  scoreFeatures,
  scorerFeatures,
  userTopicMatch,
} from '../../../lib/topics/scoring/topic-scorer';
import { EXAMPLES, type LearnedMatcher, type Learner, type NichePaper } from '../learn-niches';

export type ScorerSetting = TopicScorerSetting;

/**
 * The query and the topic's learned scorer together, as the product learns and matches them
 * (lib/discover/learn-topic-scorer.ts, the rule of userTopicMatch): a paper matches when the query matches
 * and the scorer keeps it, or the scorer alone is confident. The index is the whole corpus. `queryExamples`
 * (eval only, `--query-examples N`): the query learned from the first N examples alone.
 */
export function scorerLearner(
  query: Learner,
  corpus: readonly NichePaper[],
  setting: TopicScorerSetting,
  options: { queryExamples?: number; guard?: boolean; band?: number; queryMarks?: QueryMarks } = {},
): Learner {
  const cache = new Map<string, Features>();
  const features = (p: IndexPaper) => {
    let f = cache.get(p.id);
    if (!f) {
      f = scorerFeatures(p);
      cache.set(p.id, f);
    }
    return f;
  };
  const pool = drawScorerPool(corpus, setting);
  // `guard`: how many of the examples the current topic's query was learned from (they grow with "yes" marks).
  let basis = 0;
  // The scorer of the topic as shown (the learn page sends it with a mark): `setting.proximal` learns near it.
  let shown: TopicScorer | undefined;
  // `band` (eval only, `--band X`): the previous topic's verdicts, kept unless a margin crosses the cut by X.
  let previous: LearnedMatcher | undefined;
  // `queryMarks` (eval only, `--query-marks`, eighth session): which taught papers the query is learned from.
  const marks = queryMarks(options.queryMarks ?? 'all', features);
  return (examples, notThis) => {
    const first = notThis.length === 0 && examples.length <= EXAMPLES;
    if (first) previous = undefined;
    const shownBefore = first ? undefined : shown;
    const stored = learnTopicScorer(examples, notThis, pool, features, setting, first ? undefined : shown);
    if (!stored) throw new Error("the corpus is too small to place a scorer's thresholds");
    const scorer = compileScorer(stored);
    // `queryExamples`: the query from the first examples only (the papers marked "yes" teach the scorer alone).
    const held = options.band ? { band: options.band, previous } : undefined;
    const topic = (n: number) => {
      const taught = marks(examples.slice(0, n), notThis, shownBefore);
      return scoredTopic(query(taught.examples, taught.notThis), scorer, features, held);
    };
    const next = topic(options.queryExamples ?? examples.length);
    shown = stored;
    previous = next;
    if (!options.guard) return next;
    // A topic from the examples alone starts a user's teaching; after that a re-learned query replaces the
    // previous one only if the topic classifies the taught papers at least as well (else the previous query,
    // refined by the marks, stays, and the marks teach the scorer).
    if (first) basis = examples.length;
    if (basis === examples.length) return next;
    const kept = topic(basis);
    if (taughtErrors(next, examples, notThis) <= taughtErrors(kept, examples, notThis)) {
      basis = examples.length;
      return next;
    }
    return { ...kept, describe: `(kept) ${kept.describe}` };
  };
}

/**
 * Which taught papers the readable query is learned from (eval only, `--query-marks`, eighth session): `all`
 * (the product: every example and mark), `none` (the query stays as the first EXAMPLES examples learned it,
 * marks teach the scorer alone), `unscored` (a "yes" paper joins the query's examples only when the scorer
 * shown when it was marked did not match it alone, above its threshold; "not this" marks refine the query as
 * in the product). Stateful over one niche's teaching, as the learner is: a "yes" paper's verdict is taken
 * once, from the scorer it was marked on.
 */
export type QueryMarks = 'all' | 'none' | 'unscored';

function queryMarks(mode: QueryMarks, features: (p: IndexPaper) => Features) {
  const joined = new Map<string, boolean>();
  return (examples: NichePaper[], notThis: NichePaper[], shown: TopicScorer | undefined) => {
    if (mode === 'all') return { examples, notThis };
    const given = examples.slice(0, EXAMPLES);
    if (mode === 'none') return { examples: given, notThis: [] };
    if (!shown) joined.clear();
    const compiled = shown ? compileScorer(shown) : undefined;
    for (const p of examples.slice(EXAMPLES)) {
      if (joined.has(p.id)) continue;
      const scored = compiled ? scoreFeatures(compiled, features(p)) > compiled.threshold : false;
      joined.set(p.id, !scored);
    }
    return { examples: [...given, ...examples.slice(EXAMPLES).filter((p) => joined.get(p.id))], notThis };
  };
}

/** Taught papers the topic gets wrong: examples it does not match, "not this" papers it does. */
function taughtErrors(
  topic: LearnedMatcher,
  examples: readonly NichePaper[],
  notThis: readonly NichePaper[],
) {
  return examples.filter((p) => !topic.matches(p)).length + notThis.filter(topic.matches).length;
}

/**
 * The topic of a query and a scorer. With `held` (a hysteresis band): a paper the previous topic matched
 * keeps matching unless its margin falls `band` below the cut, one it did not match needs `band` above it.
 */
function scoredTopic(
  q: LearnedMatcher,
  scorer: CompiledScorer,
  features: (p: IndexPaper) => Features,
  held?: { band: number; previous: LearnedMatcher | undefined },
): LearnedMatcher {
  const plain = (p: NichePaper, shift: number) =>
    userTopicMatch(
      q.matches(p),
      { ...scorer, threshold: scorer.threshold + shift, queryThreshold: scorer.queryThreshold + shift },
      () => scoreFeatures(scorer, features(p)),
    ) !== undefined;
  const verdicts = new Map<string, boolean>();
  const matches = (p: NichePaper) => {
    if (!held?.previous) return plain(p, 0);
    let v = verdicts.get(p.id);
    if (v === undefined) {
      v = plain(p, held.previous.matches(p) ? -held.band : held.band);
      verdicts.set(p.id, v);
    }
    return v;
  };
  return {
    describe: `${q.describe}  [scorer: ${[...scorer.weights]
      .filter(([, w]) => w > 0)
      .slice(0, 8)
      .map(([f]) => f)
      .join(
        ', ',
      )}; with query > ${scorer.queryThreshold.toFixed(2)}, alone > ${scorer.threshold.toFixed(2)}]`,
    explain: (p) =>
      `(query ${q.matches(p) ? 'yes' : 'no'}, margin ${scoreFeatures(scorer, features(p)).toFixed(2)})`,
    matches,
  };
}
