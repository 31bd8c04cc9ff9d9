/**
 * Pooled recall on the TEST months (issue 32, item 1; labels/pooled/). For each evaluation topic the TEST papers
 * fall in strata by which systems proposed them (pooled/pool.ts); judges read a random draw of each stratum
 * blind. A stratum's positives are estimated as its size times the share of its drawn papers judged yes; the
 * product's recall is the estimated positives of the strata it proposed over all estimated positives, its
 * precision the same over the size of its strata. Positives no system proposed are estimated from the random
 * slice (the fresh sample, judged whole): its papers that no system proposed and the judge made positive, scaled
 * to the TEST months. The random slice alone gives a second, unbiased but coarse recall (pooled over topics).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledPack } from '../../lib/topics/load-pack';
import { readCorpus } from './corpus';
import { readJudgedPapers } from './judged/labels';
import { SPLIT_DATE } from './labelset';
import { fmt } from './metrics';
import { POOLED_DIR, poolPapers, proposers, readTopicPools, type TopicPool } from './pooled/pool';
import { FOCUS } from './train/cv';

const PRODUCT = 2;

export interface TopicEstimate {
  topic: string;
  positives: number;
  found: number;
  given: number;
  unproposed: number;
}

function readVerdicts(): Map<string, boolean> {
  const out = new Map<string, boolean>();
  if (!existsSync(POOLED_DIR)) return out;
  for (const f of readdirSync(POOLED_DIR).filter((f) => /^pooled-\d+\.jsonl$/.test(f)))
    for (const line of readFileSync(join(POOLED_DIR, f), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const v = JSON.parse(line) as { topic: string; id: string; label: string };
      out.set(`${v.topic} ${v.id}`, v.label === 'yes');
    }
  return out;
}

/** One topic's estimate from its strata and verdicts; null until every drawn paper of it is judged. */
export function estimate(
  pool: TopicPool,
  yes: (id: string) => boolean | undefined,
  unproposed: number,
): TopicEstimate | null {
  let positives = unproposed;
  let found = 0;
  let given = 0;
  for (const [bits, size] of Object.entries(pool.sizes)) {
    const drawn = pool.drawn[bits] ?? [];
    const verdicts = drawn.map(yes);
    if (verdicts.some((v) => v === undefined)) return null;
    const share = drawn.length ? verdicts.filter(Boolean).length / drawn.length : 0;
    positives += size * share;
    if (Number(bits) & PRODUCT) {
      found += size * share;
      given += size;
    }
  }
  return { topic: pool.topic, positives, found, given, unproposed };
}

export function evalPooled(pack: CompiledPack) {
  const pools = existsSync(join(POOLED_DIR, 'pools.jsonl')) ? readTopicPools() : [];
  const verdicts = readVerdicts();
  console.log(
    `\nPooled recall, TEST months (labels/pooled/: ${pools.length} evaluation topics, ${verdicts.size} blind verdicts)`,
  );
  if (pools.length === 0 || verdicts.size === 0) return;
  // The random slice: the fresh sample's papers, placed in the strata by the same systems.
  const fresh = readJudgedPapers(pack, false, 'fresh');
  const byId = new Map(readCorpus().map((p) => [p.id, p]));
  const testSize = [...byId.values()].filter((p) => p.announced >= SPLIT_DATE).length;
  const freshPapers = fresh.map((p) => byId.get(p.id)!);
  const { bits, product } = proposers(freshPapers);
  const estimates: TopicEstimate[] = [];
  let sliceFound = 0;
  let slicePositives = 0;
  for (const pool of pools) {
    let missedByAll = 0;
    fresh.forEach((p, n) => {
      if (!p.positives.has(pool.topic)) return;
      slicePositives++;
      if (product[n]!.has(pool.topic)) sliceFound++;
      if (bits(n, pool.topic) === 0) missedByAll++;
    });
    const unproposed = fresh.length ? (missedByAll / fresh.length) * testSize : 0;
    const e = estimate(pool, (id) => verdicts.get(`${pool.topic} ${id}`), unproposed);
    if (e) estimates.push(e);
  }
  const judged = pools.filter((p) => poolPapers(p).every((id) => verdicts.has(`${p.topic} ${id}`))).length;
  console.log(`  topics fully judged: ${judged}/${pools.length}; random slice: ${fresh.length} papers`);
  const scored = estimates.filter((e) => e.positives >= 1);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const recall = (e: TopicEstimate) => e.found / e.positives;
  const precision = (e: TopicEstimate) => (e.given ? e.found / e.given : 0);
  const macroR = mean(scored.map(recall));
  const macroP = mean(scored.filter((e) => e.given > 0).map(precision));
  console.log(
    `  product: macro recall ${fmt(macroR)} at macro precision ${fmt(macroP)} over ${scored.length} topics (goal R >= 0.80 at P >= 0.88)`,
  );
  const micro =
    scored.reduce((s, e) => s + e.found, 0) /
    Math.max(
      1,
      scored.reduce((s, e) => s + e.positives, 0),
    );
  const unproposed =
    scored.reduce((s, e) => s + e.unproposed, 0) /
    Math.max(
      1,
      scored.reduce((s, e) => s + e.positives, 0),
    );
  console.log(
    `  micro recall: pooled ${fmt(micro)}; random slice alone ${fmt(slicePositives ? sliceFound / slicePositives : undefined)} ` +
      `(${sliceFound}/${slicePositives} positives of these topics in the slice); share of positives no system proposed (from the slice): ${fmt(unproposed)}`,
  );
  console.log('  the six RL/agent topics:');
  for (const id of FOCUS) {
    const e = estimates.find((x) => x.topic === id);
    console.log(
      `    ${id.padEnd(48)} ${e ? `R ${fmt(recall(e))}  P ${fmt(precision(e))}  (~${e.positives.toFixed(0)} positives)` : 'not judged'}`,
    );
  }
  const worst = [...scored].sort((a, b) => recall(a) - recall(b)).slice(0, 20);
  console.log('  lowest recall:');
  for (const e of worst)
    console.log(
      `    ${e.topic.padEnd(48)} R ${fmt(recall(e))}  P ${fmt(precision(e))}  (~${e.positives.toFixed(0)} positives, ~${e.unproposed.toFixed(0)} unproposed)`,
    );
}
