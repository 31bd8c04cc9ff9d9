import { benchmarkNames, definedAcronyms, writtenNames } from './named-things';

/** What the exact answers read of a topic's paper. */
export interface AskPaper {
  id: string;
  title: string;
  abstract: string;
  authors: readonly string[];
  published: number;
  topics: readonly string[];
}

/** One counted thing (an author, a benchmark, a method, a topic) and the papers that count for it, newest first. */
export interface CountedItem {
  key: string;
  label: string;
  count: number;
  /** The same count in the four weeks before (the "what's new" answer), or in `previousWeeks` weeks. */
  previous?: number;
  previousWeeks?: number;
  papers: string[];
}

export interface ExactSection {
  title: string;
  items: CountedItem[];
}

export const EXACT_KINDS = ['new', 'benchmarks', 'methods', 'authors', 'relate'] as const;
export type ExactKind = (typeof EXACT_KINDS)[number];

export interface ExactAnswer {
  kind: ExactKind;
  /** Papers counted over. */
  counted: number;
  sections: ExactSection[];
}

const DAY = 86_400_000;
export const WINDOW = 28 * DAY;
/** Items a section lists at most. */
export const ITEMS = 12;

/** Newest first, then by id: the order of every paper list in an answer. */
export function newestFirst<T extends { id: string; published: number }>(papers: readonly T[]): T[] {
  return [...papers].sort((a, b) => b.published - a.published || a.id.localeCompare(b.id));
}

/**
 * Key -> papers (newest first) over `papers`, each paper counted once per key; labels are the first way a
 * key was written in the newest paper that has it. Sorted by count, then label.
 */
export function countBy(
  papers: readonly AskPaper[],
  keysOf: (paper: AskPaper) => ReadonlyMap<string, string>,
  limit = ITEMS,
): CountedItem[] {
  const found = new Map<string, CountedItem>();
  for (const paper of newestFirst(papers)) {
    for (const [key, label] of keysOf(paper)) {
      const item = found.get(key) ?? { key, label, count: 0, papers: [] };
      found.set(key, item);
      item.count++;
      item.papers.push(paper.id);
    }
  }
  return [...found.values()].sort(byCount).slice(0, limit);
}

function byCount(a: CountedItem, b: CountedItem): number {
  return b.count - a.count || a.label.localeCompare(b.label) || a.key.localeCompare(b.key);
}

/** "Who is most active": authors by papers (the index keeps each paper's first ten authors). */
export function authorsAnswer(papers: readonly AskPaper[]): ExactAnswer {
  const items = countBy(papers, (p) => new Map(p.authors.map((a) => [a, a])));
  return { kind: 'authors', counted: papers.length, sections: [{ title: 'Authors', items }] };
}

/**
 * Methods: the acronyms the topic's papers define ("Group Relative Policy Optimization (GRPO)"), each
 * counted over the papers that write the acronym or its expansion. Names of benchmarks are left to those.
 */
export interface MethodName {
  /** As the defining paper wrote it ("GRPO", "ReAct"). */
  surface: string;
  /** Folded words ("group relative policy optimization"). */
  expansion: string;
}

export function methodCandidates(papers: readonly AskPaper[], topicNames = ''): Map<string, MethodName> {
  const own = topicNames.toLowerCase();
  const methods = new Map<string, MethodName>();
  for (const paper of newestFirst(papers)) {
    const defined = definedAcronyms(paper);
    if (defined.size === 0) continue;
    const written = writtenNames(paper);
    for (const [key, expansion] of defined) {
      if (methods.has(key) || /bench|dataset|corpus|arena/.test(expansion)) continue;
      // The topic's own name ("3D Gaussian Splatting (3DGS)" on its page) is not a method within it.
      if (own.includes(expansion) || ownWords(own).has(key)) continue;
      methods.set(key, { surface: written.get(key) ?? key.toUpperCase(), expansion });
    }
  }
  return methods;
}

/** The methods a paper uses: it writes the acronym, or the words it stands for. */
export function methodsOf(paper: AskPaper, candidates: ReadonlyMap<string, MethodName>): Map<string, string> {
  const written = writtenNames(paper);
  const text = `${paper.title}. ${paper.abstract}`.toLowerCase();
  const out = new Map<string, string>();
  for (const [key, { surface, expansion }] of candidates) {
    if (written.has(key) || text.includes(expansion)) out.set(key, `${surface} (${expansion})`);
  }
  return out;
}

/** `topicNames`: the topic's name, aliases and expansion, whose acronyms are left out. */
export function methodsAnswer(papers: readonly AskPaper[], topicNames = ''): ExactAnswer {
  const candidates = methodCandidates(papers, topicNames);
  const items = countBy(papers, (p) => methodsOf(p, candidates));
  return { kind: 'methods', counted: papers.length, sections: [{ title: 'Methods', items }] };
}

/** Benchmarks and datasets: names in sentences about evaluation data, or that say so themselves. */
export function benchmarksOf(paper: AskPaper, methods: ReadonlyMap<string, unknown>): Map<string, string> {
  const out = benchmarkNames(paper);
  for (const key of methods.keys()) out.delete(key);
  return out;
}

export function benchmarksAnswer(papers: readonly AskPaper[], topicNames = ''): ExactAnswer {
  const methods = methodCandidates(papers, topicNames);
  // Two letters ("GS", "AR") are abbreviations of the field, not names of data; nor is the topic's name.
  const own = ownWords(topicNames.toLowerCase());
  const keep = (key: string) => key.length > 2 && !own.has(key);
  const items = countBy(papers, (p) => new Map([...benchmarksOf(p, methods)].filter(([key]) => keep(key))));
  return {
    kind: 'benchmarks',
    counted: papers.length,
    sections: [{ title: 'Benchmarks and datasets', items }],
  };
}

function ownWords(names: string): Set<string> {
  return new Set(names.split(/[^a-z0-9.-]+/).filter(Boolean));
}

/** "How does it relate to X": the papers tagged with both, and X's share of the topic's papers. */
export function relateAnswer(papers: readonly AskPaper[], other: { id: string; name: string }): ExactAnswer {
  const items = countBy(papers, (p) =>
    p.topics.includes(other.id) ? new Map([[other.id, other.name]]) : new Map(),
  );
  const item = items[0] ?? { key: other.id, label: other.name, count: 0, papers: [] };
  return {
    kind: 'relate',
    counted: papers.length,
    sections: [{ title: `Also tagged ${other.name}`, items: [item] }],
  };
}
