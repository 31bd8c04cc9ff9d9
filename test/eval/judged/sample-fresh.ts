/**
 * The fresh TEST sample (issue 32, item 2): papers of the TEST months (2026-01..03) drawn with a new seed, none
 * judged or labelled before, judged whole by the guide of the judged set after the learned layer is final, and
 * never tuned on. Writes labels/fresh/manifest.jsonl.gz (ids, packets, the product's chips, the candidates a judge
 * sees: the chips plus the likeliest other topics, mixed and sorted by name).
 *
 *   npx tsx test/eval/judged/sample-fresh.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '../../../lib/random';
import { loadPack } from '../../../lib/topics/load-pack';
import { tagPaper, tagPaperExplained } from '../../../lib/topics/tagger';
import { readCorpus } from '../corpus';
import { LABELS_DIR } from '../label-files';
import { SPLIT_DATE } from '../labelset';

import { type ManifestRow, PACKET_SIZE, writeManifest } from './files';
import { readJudgedPapers } from './labels';
import { nearestNeighbours } from './neighbours';

const SEED = 20261299;
const SIZE = 400;
const MAX_EXTRA = 6;

/** Every id any committed label file names: the fresh sample takes none of them. */
function labelledIds(): Set<string> {
  const ids = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.jsonl'))
        for (const line of readFileSync(path, 'utf8').split('\n'))
          for (const m of line.matchAll(/"(\d{4}\.\d{4,5})"/g)) ids.add(m[1]!);
    }
  };
  walk(LABELS_DIR);
  return ids;
}

function main() {
  const pack = loadPack();
  const corpus = readCorpus();
  const taken = labelledIds();
  const pool = corpus.filter((p) => p.announced >= SPLIT_DATE && !taken.has(p.id));
  const random = seededRandom(SEED);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const sample = pool.slice(0, SIZE);
  // Suggestions beyond the chips: what the rules nearly gave, and what judged TRAIN neighbours are about.
  const judged = readJudgedPapers(pack);
  const byId = new Map(corpus.map((p) => [p.id, p]));
  const neighbours = nearestNeighbours([...judged.map((j) => byId.get(j.id)!), ...sample], 30).slice(
    judged.length,
  );
  const rows: ManifestRow[] = sample.map((paper, n) => {
    const chips = tagPaper(paper, pack)
      .filter((t) => pack.byId.get(t.topicId)?.kind === 'fine')
      .map((t) => t.topicId);
    const extra = new Map<string, number>();
    for (const r of tagPaperExplained(paper, pack).rejected) extra.set(r.topicId, 0.25);
    let total = 0;
    const votes = new Map<string, number>();
    for (const { index, similarity } of neighbours[n]!.filter((x) => x.index < judged.length).slice(0, 12)) {
      total += similarity;
      for (const t of judged[index]!.positives) votes.set(t, (votes.get(t) ?? 0) + similarity);
    }
    for (const [t, v] of votes)
      if (v / total >= 0.2) extra.set(t, Math.max(extra.get(t) ?? 0, 0.6 * (v / total)));
    const suggestions = [...extra]
      .filter(([t]) => !chips.includes(t))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, MAX_EXTRA)
      .map(([t]) => t);
    return {
      id: paper.id,
      packet: Math.floor(n / PACKET_SIZE) + 1,
      half: 'uniform',
      chips,
      candidates: [...chips, ...suggestions],
    };
  });
  const file = writeManifest(rows, 'fresh');
  console.log(`${rows.length} TEST-month papers (tagger ${pack.version}) -> ${file}`);
}

main();
