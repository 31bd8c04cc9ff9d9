/**
 * The judged set's sampler: which TRAIN-month papers are judged whole, and which candidate topics each judge
 * sees. Fixed seed; writes the committed manifest (ids, packet, half, chips, candidates: no paper text).
 *
 *   npx tsx test/eval/judged/sample.ts            # wave 1: writes labels/judged/manifest.jsonl.gz
 *   npx tsx test/eval/judged/sample.ts --wave 2   # wave 2: appends 10,000 papers not drawn before
 *
 * Half the papers are drawn uniformly from the TRAIN months (before 2026-01-01); the other half are drawn for
 * the rare topics, rarest first, from a recall-oriented pool: the rules' tags, the topics the rules saw some
 * evidence for but did not give (near misses), and the topics of a paper's nearest neighbours (TF-IDF cosine
 * over the TRAIN months, neighbours voting with their rule tags). A topic's expected positives count every
 * candidate by a rough chance of being right; papers are added until each topic the tagger gives to >= 30
 * corpus papers expects >= 24 positives (so that >= 20 are likely right), or its pool is spent; then, while
 * room lasts, >= 45. Each paper's candidate list (its chips plus the
 * likeliest other topics) is generous, so that the judge confirms more than it searches; it is shown sorted
 * by name, so a judge cannot tell a chip from a suggestion.
 *
 * Wave 2 draws from the TRAIN papers not yet drawn, half uniformly, half for the topics the judges found least
 * (their judged positives so far count towards the goal), and its neighbours vote with judged labels where they
 * have them. The manifest records what each judge saw: re-running a wave reproduces it with the pack of its day.
 */
import { seededRandom } from '../../../lib/random';
import { type CompiledPack, loadPack } from '../../../lib/topics/load-pack';
import { tagPaperExplained } from '../../../lib/topics/tagger';
import { readCorpus } from '../corpus';
import { type CorpusPaper, SPLIT_DATE } from '../labelset';

import { type ManifestRow, PACKET_SIZE, readManifest, writeManifest } from './files';
import { readJudgedPapers } from './labels';
import { nearestNeighbours } from './neighbours';

const SEED = 20261206;
const UNIFORM = 5000;
const TOTAL = 10200;
const MIN_TAGGED = 30;
const EXPECTED_POSITIVES = [24, 45];
const MAX_EXTRA_CANDIDATES = 6;
/** Rough chances that a candidate is right, for planning only (the judges decide). */
const CHANCE = { chip: 0.75, nearMiss: 0.25, neighbours: 0.6 };

interface Tagged {
  paper: CorpusPaper;
  chips: string[];
  /** topic -> planning chance of a non-chip candidate. */
  extra: Map<string, number>;
}

function tagAll(pack: CompiledPack, papers: CorpusPaper[]): Tagged[] {
  return papers.map((paper) => {
    const { tags, rejected } = tagPaperExplained(paper, pack);
    const chips = tags.filter((t) => pack.byId.get(t.topicId)?.kind === 'fine').map((t) => t.topicId);
    const extra = new Map<string, number>();
    for (const r of rejected) if (!chips.includes(r.topicId)) extra.set(r.topicId, CHANCE.nearMiss);
    return { paper, chips, extra };
  });
}

/** Neighbours vote with what the judges found in them, or else with their rule tags. */
function addNeighbourVotes(train: Tagged[], judged: Map<string, string[]> = new Map()) {
  const neighbours = nearestNeighbours(
    train.map((t) => t.paper),
    12,
  );
  for (let i = 0; i < train.length; i++) {
    const votes = new Map<string, number>();
    let total = 0;
    for (const { index, similarity } of neighbours[i]!) {
      total += similarity;
      const neighbour = train[index]!;
      for (const id of judged.get(neighbour.paper.id) ?? neighbour.chips)
        votes.set(id, (votes.get(id) ?? 0) + similarity);
    }
    const own = train[i]!;
    for (const [id, vote] of votes) {
      const share = total > 0 ? vote / total : 0;
      if (share < 0.2 || own.chips.includes(id)) continue;
      own.extra.set(id, Math.max(own.extra.get(id) ?? 0, CHANCE.neighbours * share));
    }
  }
}

function candidates(t: Tagged): string[] {
  const extra = [...t.extra]
    .filter(([, chance]) => chance >= 0.12)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, MAX_EXTRA_CANDIDATES)
    .map(([id]) => id);
  return [...new Set([...t.chips, ...extra])];
}

function chance(t: Tagged, topic: string): number {
  return t.chips.includes(topic) ? CHANCE.chip : (t.extra.get(topic) ?? 0);
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Each wave of the judged set: its seed, its size, its packets, and the expected positives it aims for. */
const WAVES = {
  1: { seed: SEED, uniform: UNIFORM, total: TOTAL, goals: EXPECTED_POSITIVES, minTagged: MIN_TAGGED },
  2: { seed: SEED + 2, uniform: 5000, total: 10000, goals: [40, 80], minTagged: 10 },
} as const;

function main(wave: keyof typeof WAVES) {
  const w = WAVES[wave];
  const pack = loadPack();
  const corpus = readCorpus();
  const fine = pack.topics.filter((t) => t.kind === 'fine').map((t) => t.id);
  const taggedCount = new Map<string, number>();
  for (const t of tagAll(pack, corpus))
    for (const id of t.chips) taggedCount.set(id, (taggedCount.get(id) ?? 0) + 1);
  // Wave 2 on: what the judges found so far counts, and their papers are not drawn again.
  const before = wave === 1 ? [] : readManifest();
  const judged = wave === 1 ? [] : readJudgedPapers(pack);
  const known = new Map<string, number>();
  for (const p of judged) for (const t of p.positives) known.set(t, (known.get(t) ?? 0) + 1);
  const targets = fine.filter((id) => (taggedCount.get(id) ?? 0) >= w.minTagged || known.has(id));

  const train = tagAll(
    pack,
    corpus.filter((p) => p.announced < SPLIT_DATE),
  );
  addNeighbourVotes(train, new Map(judged.map((p) => [p.id, [...p.positives]])));
  const taken = new Set(before.map((r) => r.id));
  const random = seededRandom(w.seed);
  const order = shuffle(
    train.map((_, i) => i).filter((i) => !taken.has(train[i]!.paper.id)),
    random,
  );
  const chosen = new Map<number, 'uniform' | 'rare'>(order.slice(0, w.uniform).map((i) => [i, 'uniform']));

  const expected = new Map<string, number>(known);
  const credit = (i: number) => {
    for (const id of targets) {
      const c = chance(train[i]!, id);
      if (c > 0) expected.set(id, (expected.get(id) ?? 0) + c);
    }
  };
  for (const i of chosen.keys()) credit(i);

  const pools = new Map<string, number[]>(targets.map((id) => [id, []]));
  for (const i of order) for (const id of candidates(train[i]!)) pools.get(id)?.push(i);
  const rarestFirst = [...targets].sort(
    (a, b) => (known.get(a) ?? 0) - (known.get(b) ?? 0) || pools.get(a)!.length - pools.get(b)!.length,
  );
  // Every topic to the bare need first, then to the comfortable one while room lasts.
  for (const goal of w.goals) {
    for (const id of rarestFirst) {
      const pool = pools
        .get(id)!
        .filter((i) => !chosen.has(i))
        .sort((a, b) => chance(train[b]!, id) - chance(train[a]!, id));
      for (const i of pool) {
        if ((expected.get(id) ?? 0) >= goal || chosen.size >= w.total) break;
        chosen.set(i, 'rare');
        credit(i);
      }
    }
  }
  // Whatever room is left is uniform again.
  for (const i of order) {
    if (chosen.size >= w.total) break;
    if (!chosen.has(i)) chosen.set(i, 'uniform');
  }

  const firstPacket = before.reduce((m, r) => Math.max(m, r.packet), 0) + 1;
  const rows: ManifestRow[] = shuffle([...chosen], random).map(([i, half], n) => ({
    id: train[i]!.paper.id,
    packet: firstPacket + Math.floor(n / PACKET_SIZE),
    half,
    chips: train[i]!.chips,
    candidates: candidates(train[i]!),
  }));
  writeManifest([...before, ...rows]);
  const short = rarestFirst.filter((id) => (expected.get(id) ?? 0) < w.goals[0]!);
  console.log(
    `wave ${wave}: ${rows.length} papers (${[...chosen.values()].filter((h) => h === 'rare').length} for rare topics), ` +
      `packets ${firstPacket}-${rows[rows.length - 1]!.packet}; ${targets.length} target topics, ` +
      `${short.length} expect < ${w.goals[0]} positives: ` +
      short.map((id) => `${id} ${(expected.get(id) ?? 0).toFixed(1)}`).join(', '),
  );
}

main(
  process.argv.includes('--wave') ? (Number(process.argv[process.argv.indexOf('--wave') + 1]) as 1 | 2) : 1,
);
