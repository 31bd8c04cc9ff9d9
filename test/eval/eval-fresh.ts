/**
 * The fresh TEST sample (issue 32, item 2; labels/fresh/): TEST-month papers drawn with a new seed after the
 * learned layer was final, judged whole by the judged set's guide, never tuned on. Every fine chip the product
 * gives is checked against the judge: right when its topic is a positive (yes, missing, or a parent of one),
 * wrong when the judge said no to it. A row shows its four strongest fine chips (`fineChips`); a paper "with a wrong
 * chip in a row" has one of those wrong. A missed central topic: one the judge said yes to (or named as missing)
 * that the paper did not get.
 */
import type { CompiledPack } from '../../lib/topics/load-pack';
import { tagPaper } from '../../lib/topics/tagger';
import { fineChips } from './chip-sample';
import { readCorpus } from './corpus';
import { readManifest } from './judged/files';
import { type JudgedPaper, readJudgedPapers } from './judged/labels';

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);

export interface FreshCounts {
  papers: number;
  chips: number;
  right: number;
  rowChips: number;
  rowRight: number;
  papersWrongInRow: number;
  missed: number;
  noFine: number;
}

/** The counts of the docblock over `papers`, from the fine topics given and the row's chips of each. */
export function freshCounts(
  papers: readonly JudgedPaper[],
  given: (id: string) => readonly string[],
  row: (id: string) => readonly string[],
): FreshCounts & { wrong: Map<string, string[]>; missedTopics: Map<string, string[]> } {
  const c: FreshCounts = {
    papers: papers.length,
    chips: 0,
    right: 0,
    rowChips: 0,
    rowRight: 0,
    papersWrongInRow: 0,
    missed: 0,
    noFine: 0,
  };
  const wrong = new Map<string, string[]>();
  const missedTopics = new Map<string, string[]>();
  const note = (m: Map<string, string[]>, topic: string, id: string) =>
    m.set(topic, [...(m.get(topic) ?? []), id]);
  for (const p of papers) {
    const chips = given(p.id);
    if (chips.length === 0) c.noFine++;
    for (const t of chips) {
      c.chips++;
      if (p.positives.has(t)) c.right++;
      else note(wrong, t, p.id);
    }
    const shown = row(p.id);
    let anyWrong = false;
    for (const t of shown) {
      c.rowChips++;
      if (p.positives.has(t)) c.rowRight++;
      else anyWrong = true;
    }
    if (anyWrong) c.papersWrongInRow++;
    // What the judge said yes to or named (every candidate is judged, so a positive candidate is a yes).
    const got = new Set(chips);
    const central = new Set([...p.candidates.filter((t) => p.positives.has(t)), ...p.missing]);
    for (const t of central)
      if (!got.has(t)) {
        c.missed++;
        note(missedTopics, t, p.id);
      }
  }
  return { ...c, wrong, missedTopics };
}

export function evalFresh(pack: CompiledPack, showErrors: boolean) {
  const manifest = readManifest('fresh');
  const papers = readJudgedPapers(pack, false, 'fresh');
  console.log(
    `\nThe fresh TEST sample (labels/fresh/: ${papers.length} of ${manifest.length} TEST-month papers judged whole)`,
  );
  if (papers.length === 0) return;
  const byId = new Map(readCorpus().map((p) => [p.id, p]));
  const given = new Map(
    papers.map((p) => [
      p.id,
      tagPaper(byId.get(p.id)!, pack)
        .filter((t) => pack.byId.get(t.topicId)?.kind === 'fine')
        .map((t) => t.topicId),
    ]),
  );
  const rows = new Map(papers.map((p) => [p.id, fineChips(pack, byId.get(p.id)!)]));
  const c = freshCounts(
    papers,
    (id) => given.get(id) ?? [],
    (id) => rows.get(id) ?? [],
  );
  console.log(`  chips right: ${c.right}/${c.chips} = ${pct(c.right, c.chips)} (goal >= 92%)`);
  console.log(`  chips shown in a row right: ${c.rowRight}/${c.rowChips} = ${pct(c.rowRight, c.rowChips)}`);
  console.log(
    `  papers with a wrong chip in a row: ${c.papersWrongInRow}/${c.papers} = ${pct(c.papersWrongInRow, c.papers)} (goal <= 12%)`,
  );
  console.log(`  missed central topics per paper: ${(c.missed / c.papers).toFixed(2)} (goal <= 0.4)`);
  console.log(
    `  papers with no fine topic: ${c.noFine}/${c.papers} = ${pct(c.noFine, c.papers)} (goal <= 2%)`,
  );
  const top = (m: Map<string, string[]>) =>
    [...m]
      .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
      .slice(0, 15)
      .map(([t, ids]) => `${t} ${ids.length}${showErrors ? ` (${ids.slice(0, 3).join(' ')})` : ''}`)
      .join(', ');
  console.log(`  most frequent wrong chips: ${top(c.wrong)}`);
  console.log(`  most frequent missed topics: ${top(c.missedTopics)}`);
}
