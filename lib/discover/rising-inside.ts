import type { DiscoverPaper } from './acronym-aliases';
import type { LeaveOut } from './discover';
import { DEFAULT_TOP, type EmergingPhrase, emergingSteps } from './emerging';
import { runAll, runSliced, type Steps } from './slices';
import { segments } from './tokens';

/** The topic whose papers are the population: its id (left out of `coveredBy`) and the names it goes by. */
export interface InsideTopic {
  id: string;
  /** Its display name and aliases: a phrase equal to one of them is the topic itself, not rising inside it. */
  names: readonly string[];
}

/**
 * The phrases rising inside a topic as of T: Emerging's answer (lib/discover/emerging.ts: the same windows,
 * test, filler rule, variant merging and ranking) over the topic's own papers, so each share is a share of
 * the topic's papers in its window. `papers` are the topic's papers (both windows; others are the caller's
 * mistake, not filtered here). The topic's own names are left out, and `coveredBy` names other topics.
 */
export function risingInside(
  papers: Iterable<DiscoverPaper>,
  asOf: number,
  topic: InsideTopic,
  topicsOf: (paper: DiscoverPaper) => readonly string[],
  top = DEFAULT_TOP,
): EmergingPhrase[] {
  return runAll(risingInsideSteps(papers, asOf, topic, topicsOf, top));
}

/** `risingInside` one slice a macrotask (slices.ts), for the background worker. */
export function risingInsideSliced(
  papers: Iterable<DiscoverPaper>,
  asOf: number,
  topic: InsideTopic,
  topicsOf: (paper: DiscoverPaper) => readonly string[],
  top = DEFAULT_TOP,
  pause?: () => Promise<void>,
): Promise<EmergingPhrase[]> {
  return runSliced(risingInsideSteps(papers, asOf, topic, topicsOf, top), pause);
}

function risingInsideSteps(
  papers: Iterable<DiscoverPaper>,
  asOf: number,
  topic: InsideTopic,
  topicsOf: (paper: DiscoverPaper) => readonly string[],
  top: number,
): Steps<EmergingPhrase[]> {
  const others = (paper: DiscoverPaper) => topicsOf(paper).filter((id) => id !== topic.id);
  return emergingSteps(papers, asOf, others, top, undefined, ownNames(topic.names));
}

/**
 * Leaves out phrases keyed as one of the names ("Agentic RL", "agentic reinforcement learning"), or an
 * acronym standing for one. Keys are folded as Emerging folds a paper's words (lib/discover/tokens.ts).
 */
export function ownNames(names: readonly string[]): LeaveOut {
  const keys = new Set<string>();
  for (const name of names) {
    const parts = segments(name);
    for (const words of parts) keys.add(words.map((w) => w.key).join(' '));
    keys.add(parts.flatMap((words) => words.map((w) => w.key)).join(' '));
  }
  keys.delete('');
  return (key, expansion) => keys.has(key) || (expansion !== undefined && keys.has(expansion));
}
