import { acronymDefinitions } from './acronyms';
import { eachSliced, PAPERS_A_SLICE, runAll, type Steps } from './slices';

/** What discovery needs of a paper; `date` is ms since epoch (first version, or the day it was announced). */
export interface DiscoverPaper {
  id: string;
  title: string;
  abstract: string;
  categories: readonly string[];
  date: number;
}

/** Expansion key -> acronym key: the one key both forms of a defined acronym are counted under. */
export type AcronymAliases = ReadonlyMap<string, string>;

/** Acronym key -> expansion key -> how many times the papers define the acronym so. */
export type AcronymDefinitions = Map<string, Map<string, number>>;

/**
 * The acronyms the papers define, each merged with its usual expansion: an expansion given at least
 * `minDefinitions` times and by at least half of the papers defining that acronym ("SAM" defined as both
 * "Segment Anything Model" and "Sharpness-Aware Minimization" merges with neither, unless one dominates).
 */
export function acronymAliases(papers: Iterable<DiscoverPaper>, minDefinitions = 2): AcronymAliases {
  return runAll(acronymAliasSteps(papers, minDefinitions));
}

/**
 * `acronymAliases` as steps (slices.ts). `counted` adds definitions counted before (the extension's kept
 * weeks, weekly.ts), so that papers no longer read still decide, as when the CLI reads them all.
 */
export function* acronymAliasSteps(
  papers: Iterable<DiscoverPaper>,
  minDefinitions = 2,
  counted?: AcronymDefinitions,
): Steps<AcronymAliases> {
  const byAcronym = yield* acronymDefinitionSteps(papers);
  for (const [acronym, expansions] of counted ?? []) {
    for (const [expansion, n] of expansions) addDefinition(byAcronym, acronym, expansion, n);
  }
  const aliases = new Map<string, string>();
  for (const [acronym, expansions] of byAcronym) {
    let total = 0;
    let best = '';
    let bestCount = 0;
    for (const [expansion, count] of expansions) {
      total += count;
      if (count > bestCount) [best, bestCount] = [expansion, count];
    }
    if (bestCount >= minDefinitions && 2 * bestCount >= total && best !== acronym) aliases.set(best, acronym);
  }
  return aliases;
}

/** Counts the definitions of acronyms in the papers (steps, slices.ts). */
export function* acronymDefinitionSteps(papers: Iterable<DiscoverPaper>): Steps<AcronymDefinitions> {
  const byAcronym: AcronymDefinitions = new Map();
  yield* eachSliced(papers, PAPERS_A_SLICE, (paper) => {
    for (const { acronym, expansion } of acronymDefinitions(`${paper.title}. ${paper.abstract}`)) {
      addDefinition(byAcronym, acronym, expansion, 1);
    }
  });
  return byAcronym;
}

export function addDefinition(to: AcronymDefinitions, acronym: string, expansion: string, n: number): void {
  const expansions = to.get(acronym) ?? new Map<string, number>();
  expansions.set(expansion, (expansions.get(expansion) ?? 0) + n);
  to.set(acronym, expansions);
}
