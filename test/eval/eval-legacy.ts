/**
 * The two older measures: the reference topic page's papers (../shared/reference) and the 266 hand-labelled
 * papers of one CS day (test/eval/labels.json over ../shared/fixtures/corpus).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonl } from '../../lib/cli/read-papers';
import type { TaggableText } from '../../lib/paper';
import { phraseKey } from '../../lib/text/tokens';
import type { CompiledPack } from '../../lib/topics/load-pack';
import { PROJECT, SHARED } from './labelset';
import { confusion } from './metrics';

/** The fine topics the tagger gives a paper. */
export type FineTopics = (paper: TaggableText) => string[];

function pct(n: number, d: number): string {
  return d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`;
}

interface ReferencePaper {
  category: string;
  title: string;
  abstract: string;
  tags: string[];
}

export function evalReference(pack: CompiledPack, fineTopics: FineTopics, showErrors: boolean) {
  const path = join(SHARED, 'reference', 'topic-page-papers.json');
  const papers = JSON.parse(readFileSync(path, 'utf8')) as ReferencePaper[];
  let agentic = 0;
  let recovered = 0;
  let siteTags = 0;
  const missed = new Map<string, number>();
  for (const p of papers) {
    const ids = fineTopics({ title: p.title, abstract: p.abstract, categories: [p.category] });
    if (ids.includes('agentic-rl')) agentic++;
    const labels = new Set(
      ids.flatMap((id) => {
        const t = pack.byId.get(id)!;
        return [t.name, ...t.aliases].map(phraseKey);
      }),
    );
    for (const tag of p.tags) {
      siteTags++;
      if (labels.has(phraseKey(tag))) recovered++;
      else missed.set(tag, (missed.get(tag) ?? 0) + 1);
    }
    if (showErrors)
      console.log(`  ${p.title.slice(0, 70)}\n    site: ${p.tags.join(', ')}\n    ours: ${ids.join(', ')}`);
  }
  console.log(`Reference topic page (${papers.length} papers)`);
  console.log(`  Agentic RL tagged: ${agentic}/${papers.length} (goal: >= ${papers.length - 1})`);
  console.log(
    `  site tags recovered by name or alias: ${recovered}/${siteTags} = ${pct(recovered, siteTags)} (goal: >= 75%)`,
  );
  const top = [...missed].sort((a, b) => b[1] - a[1]);
  console.log(`  missed: ${top.map(([t, n]) => `${t} (${n})`).join(', ')}`);
}

interface Labels {
  topics: string[];
  papers: Record<string, string[]>;
}

export function evalOldSet(fineTopics: FineTopics, ancestors: (id: string) => string[], showErrors: boolean) {
  const dir = join(SHARED, 'fixtures', 'corpus');
  const labelsPath = join(PROJECT, 'test', 'eval', 'labels.json');
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  const byId = new Map<string, TaggableText>();
  for (const f of files) {
    for (const p of readJsonl(readFileSync(join(dir, f), 'utf8'), f)) if (!byId.has(p.id)) byId.set(p.id, p);
  }
  const tagged = new Map([...byId].map(([id, p]) => [id, fineTopics(p)]));

  const cs = [...byId].filter(([, p]) => p.categories.some((c) => c.startsWith('cs.')));
  const counts = cs.map(([id]) => tagged.get(id)!.length);
  const covered = counts.filter((n) => n > 0).length;
  const mean = counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length);
  console.log(`\nOld hand-labelled CS day (${files.join(', ')}): ${byId.size} papers, ${cs.length} in cs`);
  console.log(`  coverage: ${pct(covered, cs.length)} of CS papers get >= 1 fine topic (goal: >= 95%)`);
  console.log(`  fine topics per CS paper: ${mean.toFixed(2)} on average (goal: 2 to 6)`);
  if (showErrors) {
    for (const [id, p] of cs)
      if (tagged.get(id)!.length === 0) console.log(`    untagged ${id}: ${p.title.slice(0, 90)}`);
  }

  if (!existsSync(labelsPath)) {
    console.log(`  (no ${labelsPath}: precision and recall skipped)`);
    return;
  }
  const labels = JSON.parse(readFileSync(labelsPath, 'utf8')) as Labels;
  const ids = Object.keys(labels.papers).filter((id) => byId.has(id));
  console.log(`  hand labels: ${ids.length} papers, ${labels.topics.length} topics`);
  const rows: { topic: string; tp: number; fp: number; fn: number }[] = [];
  for (const topic of labels.topics) {
    const row = { topic, tp: 0, fp: 0, fn: 0 };
    const errors: string[] = [];
    for (const id of ids) {
      const truth = labels.papers[id]!.includes(topic);
      const predicted = tagged.get(id)!.includes(topic);
      if (truth && predicted) row.tp++;
      else if (predicted) {
        row.fp++;
        errors.push(`      FP ${id} ${byId.get(id)!.title.slice(0, 90)}`);
      } else if (truth) {
        row.fn++;
        errors.push(`      FN ${id} ${byId.get(id)!.title.slice(0, 90)}`);
      }
    }
    rows.push(row);
    if (showErrors && errors.length) console.log(`    ${topic}\n${errors.join('\n')}`);
  }
  const precision = (r: (typeof rows)[number]) => (r.tp + r.fp === 0 ? undefined : r.tp / (r.tp + r.fp));
  const recall = (r: (typeof rows)[number]) => (r.tp + r.fn === 0 ? undefined : r.tp / (r.tp + r.fn));
  const fmt = (x: number | undefined) => (x === undefined ? '  -  ' : x.toFixed(2));
  console.log(`  ${'topic'.padEnd(34)} support   P     R     (tp fp fn)`);
  for (const r of rows) {
    console.log(
      `  ${r.topic.padEnd(34)} ${String(r.tp + r.fn).padStart(4)}    ${fmt(precision(r))}  ${fmt(recall(r))}  (${r.tp} ${r.fp} ${r.fn})`,
    );
  }
  const avg = (xs: (number | undefined)[]) => {
    const defined = xs.filter((x): x is number => x !== undefined);
    return defined.reduce((a, b) => a + b, 0) / Math.max(1, defined.length);
  };
  const withSupport = rows.filter((r) => r.tp + r.fn > 0);
  console.log(
    `  macro average over ${withSupport.length} topics with positives: precision ${avg(withSupport.map(precision)).toFixed(3)} (266-paper set before the learned layer: 0.869), recall ${avg(withSupport.map(recall)).toFixed(3)} (0.774)`,
  );
  const sum = rows.reduce((a, r) => ({ tp: a.tp + r.tp, fp: a.fp + r.fp, fn: a.fn + r.fn }), {
    tp: 0,
    fp: 0,
    fn: 0,
  });
  console.log(
    `  micro: precision ${(sum.tp / (sum.tp + sum.fp)).toFixed(3)}, recall ${(sum.tp / (sum.tp + sum.fn)).toFixed(3)}`,
  );
  // These labels predate the rule that a child implies its parents (GUIDE.md); the same labels closed over
  // the pack's hierarchy, restricted to the set's topics, measure the tagger by today's definition.
  const inSet = new Set(labels.topics);
  const closed = (id: string) => {
    const own = labels.papers[id]!;
    return [...new Set([...own, ...own.flatMap(ancestors).filter((a) => inSet.has(a))])];
  };
  const closedRows = confusion(labels.topics, ids, closed, (id) => tagged.get(id)!);
  const withPositives = closedRows.filter((r) => r.tp + r.fn > 0);
  console.log(
    `  with labels closed over parents: macro precision ${avg(withPositives.map(precision)).toFixed(3)}, recall ${avg(withPositives.map(recall)).toFixed(3)}`,
  );
}
