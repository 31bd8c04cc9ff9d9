/**
 * `npm run eval:learn`: topics learned from a few example papers, measured on the hand-labelled papers.
 * For each labelled topic with at least 12 positives: learn from K random positives (seeded) with the whole
 * corpus as background, tag the other labelled papers with the learned query, report precision, recall and
 * F1 per topic and their macro average, for K = 5 and K = 10.
 *
 * Inputs (read at run time, not part of `npm test`): the corpus at $PULSE_SHARED/corpus/ and the committed
 * labels and topics of test/eval/labels/. `--split train` (tuning: the labelled TRAIN papers and the extra
 * ones, all announced before 2026), `--split test` (reporting: the 600 TEST papers, never tuned on) or, by
 * default, `--split all` (the 1,300 papers of the labelled set). `--seed N` changes the draw; `--queries`
 * prints each learned query.
 *
 * Then the niches (learn-niches.ts): 5 examples of each judged niche, up to 10 simulated marks on the preview,
 * scored against the judges; tune niches on the TRAIN months, report niches on the TEST months.
 * `--niches-only` skips the labelled topics, `--no-niches` the niches; `--role tune|report` runs one half
 * (tuning looks at `--role tune` only); `--niche ID[,ID...]` those niches; `--trace` each mark step;
 * `--dump-unjudged FILE` writes each final topic's unjudged matches in the split (ids) to FILE as JSON;
 * `--score-only-judge JUDGE` scores that judge's labels and never teaches them.
 */
import { learnTopic, type PackTopicNames } from '../../lib/discover/learn';
import { learnedMatch } from '../../lib/discover/learn-refine';
import { type Background, encodeBackground, type LearnPaper } from '../../lib/discover/learn-topic';
import { TOPIC_SCORER } from '../../lib/discover/learn-topic-scorer';
import { seededRandom } from '../../lib/random';
import { loadPack } from '../../lib/topics/load-pack';
import { compileQuery } from '../../lib/topics/query';
import { tagPaper, userTopicId } from '../../lib/topics/tagger';
import { readCorpus } from './corpus';
import { readExtraSample, readLabels, readSample, readTopics } from './label-files';
import { evalNiches, memoized, queryLearner } from './learn-niches';
import { type QueryMarks, scorerLearner } from './niches/scorer-learner';

const MIN_POSITIVES = 12;
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const SEED = Number(arg('--seed') ?? 1);
const SHOW = process.argv.includes('--queries');
// `--trace`: per mark step, the topic and the scored papers whose verdict changed (learn-niches/trace.ts).
const TRACE = process.argv.includes('--trace');
// Trying other settings: --min-lift N, --max-phrases N, --pack-share X (above 1: no pack topics).
const TUNING = {
  ...(arg('--min-lift') ? { minLift: Number(arg('--min-lift')) } : {}),
  ...(arg('--max-phrases') ? { maxPhrases: Number(arg('--max-phrases')) } : {}),
  ...(arg('--pack-share') ? { packShare: Number(arg('--pack-share')) } : {}),
};
const ONLY = arg('--k');

function sample<T>(list: readonly T[], k: number, next: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, k);
}

const f1 = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

function main(): void {
  const pack = loadPack();
  const packTopicsOf = (p: LearnPaper) =>
    tagPaper(p, pack)
      .map((t) => pack.byId.get(t.topicId)!)
      .filter((t) => t.kind === 'fine');
  // Tagged once, as the index is: learned queries may name pack topics (`topic:ID`).
  const corpus = readCorpus().map((p) => ({ ...p, topics: packTopicsOf(p).map((t) => t.id) }));
  const background = encodeBackground(corpus);
  if (!process.argv.includes('--niches-only')) packTopicsEval(corpus, background, packTopicsOf);
  if (process.argv.includes('--no-niches')) return;
  const role = arg('--role');
  if (role !== undefined && role !== 'tune' && role !== 'report') throw new Error('--role is tune or report');
  const roles: ('tune' | 'report')[] = role === 'tune' || role === 'report' ? [role] : ['tune', 'report'];
  const only = arg('--niche');
  // `--preview judged|page`: what the simulated user's preview is drawn from (learn-niches.ts, PreviewIndex).
  const preview = arg('--preview') ?? 'judged';
  if (preview !== 'judged' && preview !== 'page') throw new Error('--preview is judged or page');
  const options = {
    seed: SEED,
    roles,
    show: SHOW,
    trace: TRACE,
    preview,
    ...(only ? { only } : {}),
    // `--dump-unjudged FILE`: the final topics' matches in the split that nobody judged, as JSON (the last
    // setting of `--scorer` run writes it last).
    ...(arg('--dump-unjudged') ? { dumpUnjudged: arg('--dump-unjudged') } : {}),
    // `--score-only-judge JUDGE`: the labels of that judge are scored (all of them) and never taught or shown
    // for marking: the topics are the ones taught without them (learn-niches.ts, evalNiche).
    ...(arg('--score-only-judge') ? { scoreOnlyJudge: arg('--score-only-judge') } : {}),
  } as const;
  const query = memoized(queryLearner(background, packTopicsOf, arg('--cache')));
  // `--scorer-only`: the scorer settings alone (the query's numbers measured in another run).
  if (!process.argv.includes('--scorer-only')) evalNiches('Query', query, corpus, options);
  // `--scorer WITH:ALONE:LAMBDA:SAMPLE[:EPOCHS[:MARKWEIGHT[:MARKFIT[:PROXIMAL]]]],...` measures query + scorer
  // settings (tune on `--role tune` only); a field left out is the product's (PROXIMAL was 0, learned afresh
  // after each mark, until 2026-12-07's seventh session: pass :0 to rerun the earlier sessions' settings);
  // `--cache FILE` keeps the learned queries between runs.
  const grid = (arg('--scorer') ?? '').split(',').filter(Boolean);
  for (const text of grid) {
    const [withQuery, alone, lambda, backgroundSample, epochs, markWeight, markFit, proximal] = text
      .split(':')
      .map(Number);
    // EPOCHS was read but not used before 2026-12-07: the runs of 2026-12-06 took 200 steps whatever it said.
    const setting = {
      withQuery: withQuery!,
      alone: alone!,
      lambda: lambda!,
      backgroundSample: backgroundSample!,
      epochs: epochs ?? TOPIC_SCORER.epochs,
      markWeight: markWeight ?? TOPIC_SCORER.markWeight,
      markFit: markFit ?? TOPIC_SCORER.markFit,
      proximal: proximal ?? TOPIC_SCORER.proximal,
    };
    // `--query-examples N`: the query from the first N examples only; the "yes" marks teach the scorer alone.
    const queryExamples = Number(arg('--query-examples') ?? Number.POSITIVE_INFINITY);
    const label = `Query${arg('--query-examples') ? ` (from ${queryExamples} examples)` : ''} + scorer ${text}`;
    // `--guard`: a re-learned query replaces the previous one only if it classifies the taught papers at least as
    // well.
    const guard = process.argv.includes('--guard');
    // `--band X`: a hysteresis band around the cut (margin units): the previous topic's verdicts kept unless
    // a margin crosses the cut by X (eval only, seventh session).
    const band = Number(arg('--band') ?? 0);
    // `--query-marks all|none|unscored` (eighth session): which marks the readable query is learned from (all:
    // the product; none: the 5 examples only, marks teach the scorer; unscored: a "yes" paper joins the query's
    // examples only when the scorer shown did not match it alone) (niches/scorer-learner.ts, queryMarks).
    const queryMarks = (arg('--query-marks') ?? 'all') as QueryMarks;
    if (!['all', 'none', 'unscored'].includes(queryMarks))
      throw new Error('--query-marks is all, none or unscored');
    const learner = scorerLearner(query, corpus, setting, { queryExamples, guard, band, queryMarks });
    const marksLabel = queryMarks === 'all' ? '' : ` query-marks ${queryMarks}`;
    const scoreOnly = arg('--score-only-judge') ? ` score-only-judge ${arg('--score-only-judge')}` : '';
    evalNiches(
      `${label}${guard ? ' guard' : ''}${band ? ` band ${band}` : ''}${marksLabel}${scoreOnly}`,
      learner,
      corpus,
      options,
    );
  }
}

function packTopicsEval(
  corpus: LearnPaper[],
  background: Background,
  packTopicsOf: (p: LearnPaper) => PackTopicNames[],
): void {
  const byId = new Map(corpus.map((p) => [p.id, p]));
  const split = arg('--split') ?? 'all';
  if (!['train', 'test', 'all'].includes(split)) throw new Error('--split is train, test or all');
  const labels = new Map([...readLabels('labels.jsonl'), ...readLabels('labels-extra.jsonl')]);
  const inSplit = new Set(
    (split === 'train' ? [...readSample(), ...readExtraSample()] : readSample())
      .filter((s) => split === 'all' || s.split === split)
      .map((s) => s.id),
  );
  const topicIds = readTopics().ids;
  const labelled = [...labels.keys()].filter((id) => byId.has(id) && inSplit.has(id));
  const positives = new Map<string, string[]>();
  for (const id of labelled)
    for (const t of labels.get(id)!) if (topicIds.has(t)) positives.set(t, [...(positives.get(t) ?? []), id]);
  const topics = [...positives]
    .filter(([, ids]) => ids.length >= MIN_POSITIVES)
    .sort((a, b) => b[1].length - a[1].length);
  console.log(
    `${labelled.length} labelled papers (split ${split}), ${topics.length} topics with >= ${MIN_POSITIVES} positives`,
  );
  for (const k of ONLY ? [Number(ONLY)] : [5, 10]) {
    const rows: { topic: string; p: number; r: number; f: number }[] = [];
    for (const [topic, ids] of topics) {
      const examples = sample(ids, k, seededRandom(SEED * 1000 + ids.length)).map((id) => byId.get(id)!);
      const learned = learnTopic(examples, background, packTopicsOf, userTopicId, TUNING);
      const compiled = compileQuery(learned.query);
      if (!compiled.ok) throw new Error(`${topic}: query does not compile: ${learned.query}`);
      const exampleIds = new Set(learned.examples);
      let tp = 0;
      let fp = 0;
      let fn = 0;
      for (const id of labelled) {
        if (exampleIds.has(id)) continue;
        const hit = learnedMatch(compiled.query, byId.get(id)!);
        const truth = labels.get(id)!.includes(topic);
        if (hit && truth) tp++;
        else if (hit) fp++;
        else if (truth) fn++;
      }
      const p = tp + fp === 0 ? 0 : tp / (tp + fp);
      const r = tp + fn === 0 ? 0 : tp / (tp + fn);
      rows.push({ topic, p, r, f: f1(p, r) });
      if (SHOW) console.log(`  [${k}] ${topic}: ${learned.query}`);
    }
    console.log(`\nK = ${k} examples (seed ${SEED})`);
    for (const row of rows) {
      console.log(
        `  ${row.topic.padEnd(48)} P ${row.p.toFixed(2)}  R ${row.r.toFixed(2)}  F1 ${row.f.toFixed(2)}`,
      );
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(
      `  macro: P ${mean(rows.map((r) => r.p)).toFixed(3)}  R ${mean(rows.map((r) => r.r)).toFixed(3)}  F1 ${mean(rows.map((r) => r.f)).toFixed(3)}`,
    );
  }
}

main();
