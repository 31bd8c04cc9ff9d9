/** Precision, recall, F1 and agreement over label sets, and the tables `npm run eval` prints. */

export interface Row {
  topic: string;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export const precision = (r: Row) => (r.tp + r.fp === 0 ? undefined : r.tp / (r.tp + r.fp));
export const recall = (r: Row) => (r.tp + r.fn === 0 ? undefined : r.tp / (r.tp + r.fn));
export function f1(r: Row): number | undefined {
  return r.tp + r.fp + r.fn === 0 ? undefined : (2 * r.tp) / (2 * r.tp + r.fp + r.fn);
}

/** Per topic counts of `predicted` against `truth` over the papers `ids`. */
export function confusion(
  topics: readonly string[],
  ids: readonly string[],
  truth: (id: string) => readonly string[],
  predicted: (id: string) => readonly string[],
): Row[] {
  return topics.map((topic) => {
    const row: Row = { topic, tp: 0, fp: 0, fn: 0, tn: 0 };
    for (const id of ids) {
      const t = truth(id).includes(topic);
      const p = predicted(id).includes(topic);
      if (t && p) row.tp++;
      else if (p) row.fp++;
      else if (t) row.fn++;
      else row.tn++;
    }
    return row;
  });
}

function mean(xs: (number | undefined)[]): number {
  const defined = xs.filter((x): x is number => x !== undefined);
  return defined.reduce((a, b) => a + b, 0) / Math.max(1, defined.length);
}

export interface Macro {
  topics: number;
  precision: number;
  recall: number;
  f1: number;
}

/**
 * Macro averages over the topics with at least one positive; a topic never predicted counts as
 * precision 0 there (it had positives and found none), not as a missing value that would flatter the mean.
 */
export function macro(rows: readonly Row[]): Macro {
  const withSupport = rows.filter((r) => r.tp + r.fn > 0);
  return {
    topics: withSupport.length,
    precision: mean(withSupport.map((r) => precision(r) ?? 0)),
    recall: mean(withSupport.map(recall)),
    f1: mean(withSupport.map(f1)),
  };
}

/** Cohen's kappa and positive agreement (2a / (2a + b + c)) of two labellings on one topic. */
export function agreement(both: number, onlyA: number, onlyB: number, neither: number) {
  const n = both + onlyA + onlyB + neither;
  const observed = (both + neither) / n;
  const pa = (both + onlyA) / n;
  const pb = (both + onlyB) / n;
  const expected = pa * pb + (1 - pa) * (1 - pb);
  const kappa = expected === 1 ? undefined : (observed - expected) / (1 - expected);
  const positive = both + onlyA + onlyB === 0 ? undefined : (2 * both) / (2 * both + onlyA + onlyB);
  return { kappa, positive };
}

export const fmt = (x: number | undefined) => (x === undefined ? '  -  ' : x.toFixed(2));

export function printTable(rows: readonly Row[], goals?: { minSupport: number; p: number; r: number }) {
  console.log(`  ${'topic'.padEnd(44)} pos    P     R     F1    (tp fp fn)`);
  for (const r of rows) {
    const support = r.tp + r.fn;
    const short =
      goals && support >= goals.minSupport && ((precision(r) ?? 0) < goals.p || (recall(r) ?? 0) < goals.r);
    console.log(
      `  ${r.topic.padEnd(44)} ${String(support).padStart(3)}   ${fmt(precision(r))}  ${fmt(recall(r))}  ${fmt(f1(r))}  (${r.tp} ${r.fp} ${r.fn})${short ? '  < goal' : ''}`,
    );
  }
}

export function printMacro(label: string, rows: readonly Row[]) {
  const m = macro(rows);
  const sum = rows.reduce((a, r) => ({ tp: a.tp + r.tp, fp: a.fp + r.fp, fn: a.fn + r.fn }), {
    tp: 0,
    fp: 0,
    fn: 0,
  });
  console.log(
    `  ${label}: macro over ${m.topics} topics with positives: P ${m.precision.toFixed(3)}  R ${m.recall.toFixed(3)}  F1 ${m.f1.toFixed(3)};  micro P ${(sum.tp / Math.max(1, sum.tp + sum.fp)).toFixed(3)}  R ${(sum.tp / Math.max(1, sum.tp + sum.fn)).toFixed(3)}`,
  );
}
