import type { DiscoverPaper } from './acronym-aliases';
import { coveringTopics } from './covered-by';
import { type Candidate, type KeptBaseline, type LeaveOut, scanSteps } from './discover';
import { headOf, mergeVariants } from './merge-variants';
import { runAll, runSliced, type Steps } from './slices';
import { distinctVariants, rememberedSegments, surfaceForms } from './surface-forms';

/** One emerging phrase, as `pulse discover` prints it (DESIGN.md's contract, in its field order). */
export interface EmergingPhrase {
  phrase: string;
  variants: string[];
  /** Papers in the four weeks ending at T. */
  recent: number;
  /** Papers in the twelve weeks before those four. */
  previous: number;
  /** Change in share of all papers, recent window against the baseline; null when previous = 0 ("new"). */
  change: number | null;
  p: number;
  /** Ids of the recent papers, newest first. */
  papers: string[];
  /** Pack topics most of those papers carry: "rising inside <topic>"; empty: a new topic. */
  coveredBy: string[];
  /** The folded words of the phrase that names the entry (its counts' key; the CLI does not print it). */
  key: string;
  /** For an acronym merged with its expansion, the expansion's key (counted with it; not printed). */
  expansion?: string | undefined;
}

export const DEFAULT_TOP = 30;

/**
 * The emerging phrases as of T, best first. `topicsOf` gives the pack topics of a paper (for `coveredBy`);
 * it is called only for the papers of the phrases returned. With `kept`, the baseline is those counts and
 * `papers` need only hold the recent window.
 */
export function discoverEmerging(
  papers: Iterable<DiscoverPaper>,
  asOf: number,
  topicsOf: (paper: DiscoverPaper) => readonly string[],
  top = DEFAULT_TOP,
  kept?: KeptBaseline,
): EmergingPhrase[] {
  return runAll(emergingSteps(papers, asOf, topicsOf, top, kept));
}

/**
 * `discoverEmerging` one slice a macrotask (slices.ts): the same answer, for the background worker, which
 * must keep answering pages meanwhile.
 */
export function discoverEmergingSliced(
  papers: Iterable<DiscoverPaper>,
  asOf: number,
  topicsOf: (paper: DiscoverPaper) => readonly string[],
  top = DEFAULT_TOP,
  kept?: KeptBaseline,
  pause?: () => Promise<void>,
): Promise<EmergingPhrase[]> {
  return runSliced(emergingSteps(papers, asOf, topicsOf, top, kept), pause);
}

/** The answer as steps (slices.ts); `leaveOut` drops phrases before they are ranked and merged. */
export function* emergingSteps(
  papers: Iterable<DiscoverPaper>,
  asOf: number,
  topicsOf: (paper: DiscoverPaper) => readonly string[],
  top: number,
  kept: KeptBaseline | undefined,
  leaveOut?: LeaveOut,
): Steps<EmergingPhrase[]> {
  const scan = yield* scanSteps(papers, asOf, kept, leaveOut);
  const expansions = new Map([...scan.aliases].map(([expansion, acronym]) => [acronym, expansion]));
  const countedWith = new Map([...scan.trie.aliases].map(([expansion, acronym]) => [acronym, expansion]));
  const groups = mergeVariants(scan.candidates).slice(0, top);
  yield;
  const topicCache = new Map<number, readonly string[]>();
  const segmentsOf = rememberedSegments();
  const found: EmergingPhrase[] = [];
  for (const group of groups) {
    const head = headOf(group);
    const recentPapers = head.papers.map((i) => scan.windows.recent[i]!);
    const headWords = ` ${head.key} ${expansions.get(head.key) ?? ''} `;
    // Members inside the head's own name ("sparse attention" in "zebra sparse attention") are fragments,
    // not variants worth showing.
    const keys = group
      .filter((m) => m === head || !headWords.includes(` ${m.key} `))
      .flatMap((m: Candidate) => {
        const expansion = expansions.get(m.key);
        return expansion ? [m.key, expansion] : [m.key];
      });
    const texts = group
      .flatMap((m) => m.papers)
      .map((i) => scan.windows.recent[i]!)
      .flatMap((p) => [p.title, p.abstract]);
    const variants = distinctVariants([
      ...surfaceForms(texts, [head.key], segmentsOf),
      ...surfaceForms(texts, keys, segmentsOf),
    ]);
    const expansion = expansions.get(head.key);
    const spelled = expansion ? surfaceForms(texts, [expansion], segmentsOf)[0]?.[0] : undefined;
    // An acronym is shown with what it stands for: "Scene Graph Generation (SGG)".
    const phrase = spelled && variants[0] ? `${spelled} (${variants[0]})` : (variants[0] ?? head.key);
    const tags = head.papers.map((i) => {
      const cached = topicCache.get(i);
      if (cached) return cached;
      const topics = topicsOf(scan.windows.recent[i]!);
      topicCache.set(i, topics);
      return topics;
    });
    found.push({
      phrase,
      variants,
      recent: head.recent,
      previous: head.previous,
      change: head.change,
      p: head.p,
      papers: recentPapers.sort((a, b) => b.date - a.date || (a.id < b.id ? 1 : -1)).map((p) => p.id),
      coveredBy: coveringTopics(tags),
      key: head.key,
      expansion: countedWith.get(head.key),
    });
    // Each entry reads its papers' texts for surface forms and tags them: one slice an entry.
    yield;
  }
  return found;
}
