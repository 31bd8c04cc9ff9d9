/**
 * The labelled time split: TRAIN (announced before 2026-01-01, tuning allowed) and TEST (2026-01..03, only
 * reported), per topic and macro, and the agreement of the two labellings on the double-labelled papers.
 */
import { readCorpus } from './corpus';
import { readLabels, readSample, readTopics } from './label-files';
import type { CorpusPaper } from './labelset';
import { agreement, confusion, fmt, printMacro, printTable } from './metrics';

export type Predict = (paper: CorpusPaper) => readonly string[];

const GOALS = { minSupport: 10, p: 0.8, r: 0.75 };

export function evalSplit(
  predictors: { name: string; predict: Predict }[],
  showErrors: boolean,
  splits: readonly ('train' | 'test')[] = ['train', 'test'],
) {
  const labels = readLabels('labels.jsonl');
  const { order: topics } = readTopics();
  const byId = new Map(readCorpus().map((p) => [p.id, p]));
  const sample = readSample().filter((s) => labels.has(s.id) && byId.has(s.id));
  console.log(
    `\nLabelled time split: ${sample.length} of ${readSample().length} sampled papers labelled so far`,
  );
  for (const { name, predict } of predictors) {
    const wanted = sample.filter((s) => splits.includes(s.split));
    const cache = new Map(wanted.map((s) => [s.id, predict(byId.get(s.id)!)]));
    for (const split of splits) {
      const ids = sample.filter((s) => s.split === split).map((s) => s.id);
      const rows = confusion(
        topics,
        ids,
        (id) => labels.get(id)!,
        (id) => cache.get(id)!,
      );
      console.log(`\n [${name}] ${split.toUpperCase()} split (${ids.length} papers)`);
      if (predictors.length === 1 || name === predictors[predictors.length - 1]!.name)
        printTable(rows, split === 'test' ? GOALS : undefined);
      printMacro(`${name} ${split}`, rows);
      if (showErrors && split === 'train') printErrors(topics, ids, labels, cache, byId);
    }
  }
  printAgreement(topics, labels, readLabels('second-pass.jsonl'), 'the labelled set');
  printAgreement(
    topics,
    readLabels('labels-extra.jsonl'),
    readLabels('second-pass-extra.jsonl'),
    'the extra TRAIN papers (training only)',
  );
}

function printErrors(
  topics: readonly string[],
  ids: readonly string[],
  labels: Map<string, string[]>,
  predicted: Map<string, readonly string[]>,
  byId: Map<string, CorpusPaper>,
) {
  for (const topic of topics) {
    const lines: string[] = [];
    for (const id of ids) {
      const t = labels.get(id)!.includes(topic);
      const p = predicted.get(id)!.includes(topic);
      if (t !== p) lines.push(`      ${p ? 'FP' : 'FN'} ${id} ${byId.get(id)!.title.slice(0, 90)}`);
    }
    if (lines.length) console.log(`    ${topic}\n${lines.join('\n')}`);
  }
}

function printAgreement(
  topics: readonly string[],
  first: Map<string, string[]>,
  second: Map<string, string[]>,
  of: string,
) {
  const ids = [...second.keys()].filter((id) => first.has(id));
  console.log(`\nAgreement of two independent labellings of ${of} (${ids.length} papers labelled twice)`);
  if (ids.length === 0) return;
  console.log(`  ${'topic'.padEnd(44)} pos1 pos2  kappa  pos.agreement`);
  let kappas = 0;
  let counted = 0;
  for (const topic of topics) {
    let both = 0;
    let onlyA = 0;
    let onlyB = 0;
    for (const id of ids) {
      const a = first.get(id)!.includes(topic);
      const b = second.get(id)!.includes(topic);
      if (a && b) both++;
      else if (a) onlyA++;
      else if (b) onlyB++;
    }
    if (both + onlyA + onlyB === 0) continue;
    const { kappa, positive } = agreement(both, onlyA, onlyB, ids.length - both - onlyA - onlyB);
    if (kappa !== undefined) {
      kappas += kappa;
      counted++;
    }
    console.log(
      `  ${topic.padEnd(44)} ${String(both + onlyA).padStart(4)} ${String(both + onlyB).padStart(4)}   ${fmt(kappa)}   ${fmt(positive)}`,
    );
  }
  console.log(
    `  mean kappa over ${counted} topics with a positive: ${(kappas / Math.max(1, counted)).toFixed(3)}`,
  );
}
