/**
 * Merges the labellers' batches into the committed label files (ids + labels, never paper text):
 *
 *   npx tsx test/eval/merge-labels.ts [LABELS_DIR] [SECOND_PASS_DIR]
 *
 * defaults /tmp/pp/labels (-> labels/labels.jsonl) and /tmp/pp/labels2 (-> labels/second-pass.jsonl).
 * Rerun as batches grow: the output is rebuilt from the batches each time. Lines are checked: an id must be
 * in sample.jsonl, a label must be one of topics.json (an unknown one is dropped and reported). Each label set
 * is closed over the listed parents (GUIDE.md: a child is a kind of its parent), so a labeller who forgot a
 * parent does not count against the tagger. When one id appears twice in a pass, the last line wins.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeOverParents, LABELS_DIR, readSample, readTopics } from './label-files';

function readBatches(dir: string, known: Set<string>, topics: Set<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!existsSync(dir)) return out;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const unknownLabels = new Map<string, number>();
  for (const file of files) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      let row: { id?: unknown; labels?: unknown };
      try {
        row = JSON.parse(line);
      } catch {
        // A batch being appended to can end in a half-written line; it is taken on the next run.
        if (i < lines.length - 1) console.warn(`${file}:${i + 1}: not JSON, skipped`);
        return;
      }
      if (typeof row.id !== 'string' || !known.has(row.id) || !Array.isArray(row.labels)) {
        console.warn(`${file}:${i + 1}: id not in the sample or labels missing, skipped`);
        return;
      }
      const labels = row.labels.filter((l): l is string => {
        const ok = typeof l === 'string' && topics.has(l);
        if (!ok) unknownLabels.set(String(l), (unknownLabels.get(String(l)) ?? 0) + 1);
        return ok;
      });
      out.set(row.id, labels);
    });
  }
  if (unknownLabels.size) console.warn(`unknown labels dropped: ${[...unknownLabels].join(', ')}`);
  return out;
}

function write(path: string, order: string[], labels: Map<string, string[]>, parents: Map<string, string[]>) {
  const lines = order
    .filter((id) => labels.has(id))
    .map((id) => JSON.stringify({ id, labels: closeOverParents(labels.get(id)!, parents) }));
  writeFileSync(path, lines.map((l) => `${l}\n`).join(''));
  console.log(`${path}: ${lines.length} papers`);
}

function main() {
  const [first = '/tmp/pp/labels', second = '/tmp/pp/labels2'] = process.argv.slice(2);
  const sample = readSample();
  const order = sample.map((s) => s.id);
  const known = new Set(order);
  const { ids, parents } = readTopics();
  write(join(LABELS_DIR, 'labels.jsonl'), order, readBatches(first, known, ids), parents);
  write(join(LABELS_DIR, 'second-pass.jsonl'), order, readBatches(second, known, ids), parents);
}

main();
