/**
 * The judged set as labels: per judged paper, its positives (the judge's yes and missing topics, closed over
 * parents: a child is a kind of each parent, unless the judge said no to that parent) and what was judged no. A judged paper is judged whole against the
 * catalogue, so a topic that is not positive is a negative for it; an unjudged paper is unlabelled, never negative.
 */
import type { CompiledPack } from '../../../lib/topics/load-pack';
import { type JudgedSet, type Judgment, type ManifestRow, readJudgments, readManifest } from './files';

export interface JudgedPaper {
  id: string;
  judge: string;
  half: ManifestRow['half'];
  candidates: string[];
  positives: Set<string>;
  /** Candidates judged no (and not implied by a positive child). */
  no: Set<string>;
  /** Topics named as missing (not among the candidates). */
  missing: string[];
}

export function ancestorsOf(pack: CompiledPack): (id: string) => string[] {
  const memo = new Map<string, string[]>();
  const walk = (id: string): string[] => {
    let out = memo.get(id);
    if (!out) {
      const parents = pack.byId.get(id)?.parents ?? [];
      out = [...new Set(parents.flatMap((p) => [p, ...walk(p)]))];
      memo.set(id, out);
    }
    return out;
  };
  return walk;
}

export function toJudgedPaper(
  j: Judgment,
  row: ManifestRow | undefined,
  ancestors: (id: string) => string[],
): JudgedPaper {
  // Parents are implied, except one the judge said no to (the pack's link is wrong there: the eval lists it).
  const refused = new Set(j.no);
  const positives = new Set<string>([...j.yes, ...j.missing]);
  for (const id of [...j.yes, ...j.missing])
    for (const t of ancestors(id)) if (!refused.has(t)) positives.add(t);
  return {
    id: j.id,
    judge: j.judge,
    half: row?.half ?? 'uniform',
    candidates: row?.candidates ?? [...j.yes, ...j.no],
    positives,
    no: new Set(j.no.filter((t) => !positives.has(t))),
    missing: j.missing,
  };
}

/** Every judged paper of the first judgments (or the second), in file order. */
export function readJudgedPapers(
  pack: CompiledPack,
  second = false,
  set: JudgedSet = 'judged',
): JudgedPaper[] {
  const manifest = new Map(readManifest(set).map((r) => [r.id, r]));
  const ancestors = ancestorsOf(pack);
  return readJudgments(second, set).map((j) => toJudgedPaper(j, manifest.get(j.id), ancestors));
}
