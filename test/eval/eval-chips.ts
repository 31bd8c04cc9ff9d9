/**
 * Every chip, not only the labelled topics: the papers of chip-sample.ts (150 TEST-month, 1,560 TRAIN-month),
 * each read whole by a judge who marked every fine chip it showed right or wrong (with why). Re-tags them with
 * the current pack, keeps the chips a paper's row shows before "+N" (`fineChips`: its most specific), and
 * reports the share of right chips and of papers with a wrong chip; chips the tagger gives now that were not
 * judged (the pack changed since) are counted apart, never guessed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledPack } from '../../lib/topics/load-pack';
import { CHIP_SAMPLES, type ChipSplit, chipSample, fineChips } from './chip-sample';
import { LABELS_DIR } from './label-files';

interface Judgment {
  id: string;
  right: string[];
  wrong: Record<string, string>;
}

export function evalChips(pack: CompiledPack, split: ChipSplit, showErrors: boolean) {
  const { file, size } = CHIP_SAMPLES[split];
  const path = join(LABELS_DIR, file);
  const months = split === 'test' ? 'TEST' : 'TRAIN';
  console.log(`\nEvery chip judged (${size} ${months}-month papers read whole; labels/${file})`);
  if (!existsSync(path)) {
    console.log('  (no judgments yet)');
    return;
  }
  const judged = new Map(
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Judgment)
      .map((j) => [j.id, j]),
  );
  let right = 0;
  let wrong = 0;
  let unjudged = 0;
  let papersWithWrong = 0;
  const kinds = new Map<string, number>();
  for (const paper of chipSample(split)) {
    const j = judged.get(paper.id);
    let anyWrong = false;
    for (const chip of fineChips(pack, paper)) {
      if (j?.right.includes(chip)) right++;
      else if (j && chip in j.wrong) {
        wrong++;
        anyWrong = true;
        kinds.set(chip, (kinds.get(chip) ?? 0) + 1);
        if (showErrors) console.log(`    wrong ${paper.id} ${chip}: ${j.wrong[chip]}`);
      } else {
        unjudged++;
        if (showErrors) console.log(`    unjudged ${paper.id} ${chip}`);
      }
    }
    if (anyWrong) papersWithWrong++;
  }
  const total = right + wrong;
  const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);
  console.log(`  chips right: ${right}/${total} = ${pct(right, total)} (goal >= 92%)`);
  console.log(
    `  papers with a wrong chip: ${papersWithWrong}/${judged.size} = ${pct(papersWithWrong, judged.size)} (goal <= 15%)`,
  );
  if (unjudged > 0)
    console.log(`  ${unjudged} chips given now were not judged (the pack changed since): not counted`);
  const top = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 10);
  console.log(`  most often wrong: ${top.map(([id, n]) => `${id} (${n})`).join(', ')}`);
}
