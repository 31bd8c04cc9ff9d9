/**
 * What the judged set says (labels/judged/, TRAIN months, judged whole against the catalogue): per topic its
 * judged positives and the tagger's precision and recall on them, the topics with the worst recall, the topics
 * judges most often named as missing, and the agreement of the independent second judgments per topic family.
 *
 * A chip on a judged paper is right when its topic is a positive (yes, missing, or a parent of one), wrong when
 * the judge said no or (the paper being judged whole) never named it; a chip that was not among the candidates
 * the judge saw is counted apart as "unjudged" and left out of precision. Recall: of a topic's positives, the
 * share the tagger gives. The uniform half alone is reported beside all papers (the rare half is drawn from
 * pools that the rules and neighbours proposed, so it favours what the tagger finds).
 */

import type { TaggableText } from '../../lib/paper';
import agents from '../../lib/topics/data/agents.json';
import eess from '../../lib/topics/data/eess.json';
import generative from '../../lib/topics/data/generative.json';
import ir from '../../lib/topics/data/ir.json';
import llm from '../../lib/topics/data/llm.json';
import ml from '../../lib/topics/data/ml.json';
import nlp from '../../lib/topics/data/nlp.json';
import rl from '../../lib/topics/data/rl.json';
import robotics from '../../lib/topics/data/robotics.json';
import science from '../../lib/topics/data/science.json';
import se from '../../lib/topics/data/se.json';
import security from '../../lib/topics/data/security.json';
import society from '../../lib/topics/data/society.json';
import stats from '../../lib/topics/data/stats.json';
import systems from '../../lib/topics/data/systems.json';
import theory from '../../lib/topics/data/theory.json';
import vision from '../../lib/topics/data/vision.json';
import type { CompiledPack } from '../../lib/topics/load-pack';
import { readCorpus } from './corpus';
import { readJudgments } from './judged/files';
import { ancestorsOf, type JudgedPaper, readJudgedPapers } from './judged/labels';
import { agreement, fmt, precision, type Row, recall } from './metrics';

const FAMILIES: Record<string, { id: string }[]> = {
  agents,
  eess,
  generative,
  ir,
  llm,
  ml,
  nlp,
  rl,
  robotics,
  science,
  se,
  security,
  society,
  stats,
  systems,
  theory,
  vision,
};
/** Topics with at least this many judged positives are the ones the learned layer must cover. */
export const MIN_POSITIVES = 20;

export function familyOf(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [family, topics] of Object.entries(FAMILIES)) for (const t of topics) out.set(t.id, family);
  return out;
}

interface TopicCounts extends Row {
  unjudged: number;
}

/** Per fine topic: tp/fp/fn over `papers` for the predicted fine topics of each. */
export function judgedConfusion(
  papers: readonly JudgedPaper[],
  predicted: (id: string) => readonly string[],
): Map<string, TopicCounts> {
  const rows = new Map<string, TopicCounts>();
  const row = (topic: string) => {
    const r = rows.get(topic) ?? { topic, tp: 0, fp: 0, fn: 0, tn: 0, unjudged: 0 };
    rows.set(topic, r);
    return r;
  };
  for (const paper of papers) {
    const given = new Set(predicted(paper.id));
    for (const t of given) {
      if (paper.positives.has(t)) row(t).tp++;
      else if (paper.no.has(t) || paper.candidates.includes(t)) row(t).fp++;
      else row(t).unjudged++;
    }
    for (const t of paper.positives) if (!given.has(t)) row(t).fn++;
  }
  return rows;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export function macroOver(rows: Map<string, TopicCounts>, topics: readonly string[]) {
  const list = topics.map((t) => rows.get(t) ?? { topic: t, tp: 0, fp: 0, fn: 0, tn: 0, unjudged: 0 });
  return {
    precision: mean(list.map((r) => precision(r) ?? 0)),
    recall: mean(list.map((r) => recall(r) ?? 0)),
  };
}

export function evalJudged(pack: CompiledPack, fine: (paper: TaggableText) => string[], showErrors: boolean) {
  const papers = readJudgedPapers(pack);
  console.log(`\nThe judged set (labels/judged/: ${papers.length} TRAIN-month papers judged whole)`);
  if (papers.length === 0) return;
  const byId = new Map(readCorpus().map((p) => [p.id, p]));
  const predictions = new Map(papers.map((p) => [p.id, fine(byId.get(p.id)!)]));
  const predicted = (id: string) => predictions.get(id) ?? [];
  const all = judgedConfusion(papers, predicted);
  const uniform = judgedConfusion(
    papers.filter((p) => p.half === 'uniform'),
    predicted,
  );
  const support = (t: string) => (all.get(t)?.tp ?? 0) + (all.get(t)?.fn ?? 0);
  const fineIds = pack.topics.filter((t) => t.kind === 'fine').map((t) => t.id);
  const covered = fineIds.filter((t) => support(t) >= MIN_POSITIVES);
  const m = macroOver(all, covered);
  const mu = macroOver(
    uniform,
    covered.filter((t) => (uniform.get(t)?.tp ?? 0) + (uniform.get(t)?.fn ?? 0) >= 5),
  );
  const judges = new Set(papers.map((p) => p.judge));
  console.log(
    `  ${judges.size} judges; ${covered.length} fine topics with >= ${MIN_POSITIVES} judged positives ` +
      `(${fineIds.filter((t) => support(t) > 0).length} with any)`,
  );
  console.log(
    `  tagger on them: macro P ${m.precision.toFixed(3)}  R ${m.recall.toFixed(3)}  (uniform half, topics with >= 5 positives there: P ${mu.precision.toFixed(3)}  R ${mu.recall.toFixed(3)})`,
  );
  const unjudged = [...all.values()].reduce((s, r) => s + r.unjudged, 0);
  if (unjudged) console.log(`  chips the judges were not shown (left out of precision): ${unjudged}`);
  const noFine = papers.filter((p) => predicted(p.id).length === 0).length;
  const missedCentral = papers.reduce(
    (s, p) => s + p.missing.filter((t) => !predicted(p.id).includes(t)).length,
    0,
  );
  console.log(
    `  papers with no fine topic: ${((100 * noFine) / papers.length).toFixed(1)}%; missing topics named per paper: ${(missedCentral / papers.length).toFixed(2)}`,
  );

  const worst = covered
    .map((t) => all.get(t)!)
    .sort((a, b) => (recall(a) ?? 0) - (recall(b) ?? 0))
    .slice(0, 25);
  console.log('  worst recall (topics with >= 20 judged positives):');
  console.log(`    ${'topic'.padEnd(44)} pos    P     R   (tp fp fn)`);
  for (const r of worst)
    console.log(
      `    ${r.topic.padEnd(44)} ${String(r.tp + r.fn).padStart(4)}  ${fmt(precision(r))}  ${fmt(recall(r))}  (${r.tp} ${r.fp} ${r.fn})`,
    );

  const missedKinds = new Map<string, number>();
  for (const p of papers)
    for (const t of p.positives)
      if (!predicted(p.id).includes(t)) missedKinds.set(t, (missedKinds.get(t) ?? 0) + 1);
  console.log('  the 20 topics most often missed (judged positive, not given):');
  console.log(
    `    ${[...missedKinds]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([t, n]) => `${t} ${n}`)
      .join(', ')}`,
  );
  printRefusedLinks(pack);
  if (showErrors) printAllTopics(all, fineIds);
  evalJudgedAgreement(pack, papers);
}

/** Parent links the judges refused: a child judged yes with an ancestor judged no on the same paper. */
function printRefusedLinks(pack: CompiledPack) {
  const ancestors = ancestorsOf(pack);
  const links = new Map<string, number>();
  for (const j of readJudgments()) {
    const no = new Set(j.no);
    for (const child of [...j.yes, ...j.missing])
      for (const a of ancestors(child))
        if (no.has(a)) links.set(`${child} -> ${a}`, (links.get(`${child} -> ${a}`) ?? 0) + 1);
  }
  if (links.size === 0) return;
  console.log('  parent links judges refused (child yes, parent no; count of papers):');
  console.log(
    `    ${[...links]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([l, n]) => `${l} ${n}`)
      .join(', ')}`,
  );
}

function printAllTopics(rows: Map<string, TopicCounts>, topics: readonly string[]) {
  console.log('  every topic with judged positives:');
  for (const t of topics) {
    const r = rows.get(t);
    if (!r || r.tp + r.fn === 0) continue;
    console.log(
      `    ${t.padEnd(44)} ${String(r.tp + r.fn).padStart(4)}  ${fmt(precision(r))}  ${fmt(recall(r))}  (${r.tp} ${r.fp} ${r.fn})`,
    );
  }
}

/** Cohen's kappa per topic family over the papers judged twice (every topic of the family, every paper). */
export function evalJudgedAgreement(pack: CompiledPack, first: readonly JudgedPaper[]) {
  const second = readJudgedPapers(pack, true);
  console.log(`\n  Judged twice, independently: ${second.length} papers`);
  if (second.length === 0) return;
  const firstById = new Map(first.map((p) => [p.id, p]));
  const families = familyOf();
  const cells = new Map<string, [number, number, number, number]>();
  let both = 0;
  for (const b of second) {
    const a = firstById.get(b.id);
    if (!a) continue;
    both++;
    // Over the topics either judge made positive or either saw: the rest are negative for both.
    const seen = new Set([...a.positives, ...b.positives, ...a.candidates]);
    for (const t of seen) {
      const f = families.get(t) ?? 'other';
      const c = cells.get(f) ?? [0, 0, 0, 0];
      const pa = a.positives.has(t);
      const pb = b.positives.has(t);
      c[pa && pb ? 0 : pa ? 1 : pb ? 2 : 3]++;
      cells.set(f, c);
    }
  }
  console.log(`  agreement per topic family on ${both} papers (candidates and positives of either judge):`);
  const total: [number, number, number, number] = [0, 0, 0, 0];
  for (const [f, c] of [...cells].sort()) {
    for (let i = 0; i < 4; i++) total[i]! += c[i]!;
    const a = agreement(...c);
    console.log(
      `    ${f.padEnd(12)} kappa ${fmt(a.kappa)}  positive agreement ${fmt(a.positive)}  (both ${c[0]}, first only ${c[1]}, second only ${c[2]})`,
    );
  }
  const a = agreement(...total);
  console.log(`    ${'all'.padEnd(12)} kappa ${fmt(a.kappa)}  positive agreement ${fmt(a.positive)}`);
}
