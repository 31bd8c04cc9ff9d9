/**
 * One entry per emerging thing: phrases whose recent papers are mostly the same papers are variants of one
 * another ("view geo localization", "geo localization", "CVGL"; "vision language action model" and
 * "action model"). Fragments of a longer name and an undefined acronym next to its expansion fall together.
 */

export interface Mergeable {
  key: string;
  /** For an acronym, the key of what it stands for ("sgg" -> "scene graph generation"). */
  expansion?: string;
  recent: number;
  /** Sorted paper indices. */
  papers: readonly number[];
}

/** Share of the smaller set's papers that must be in both for two phrases to be one entry. */
export const SAME_PAPERS = 0.6;

/**
 * Groups the candidates (best first) greedily: each joins the first earlier group one of whose members
 * shares SAME_PAPERS of the smaller paper set with it and at least one word (an acronym's expansion counts). Groups keep the order of their best member.
 */
export function mergeVariants<T extends Mergeable>(ranked: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const candidate of ranked) {
    const words = wordsOf(candidate);
    const group = groups.find((g) =>
      g.some(
        (member) =>
          overlap(member.papers, candidate.papers) >=
            SAME_PAPERS * Math.min(member.papers.length, candidate.papers.length) &&
          [...wordsOf(member)].some((w) => words.has(w)),
      ),
    );
    if (group) group.push(candidate);
    else groups.push([candidate]);
  }
  return groups;
}

// Two names that share papers but no word ("GPT-5.4" and "Opus 4.6" compared in the same papers) stay apart.
function wordsOf(m: Mergeable): Set<string> {
  return new Set([...m.key.split(' '), ...(m.expansion?.split(' ') ?? [])]);
}

/**
 * The member that names a group: the one with the most recent papers, unless a longer member contains it
 * and has at least three quarters of its papers, or an acronym whose expansion contains it has half ("open
 * vocabulary object detection" over the fragment "vocabulary object", "ABAW" over "behavior analysis").
 */
export function headOf<T extends Mergeable>(group: readonly T[]): T {
  let head = group.reduce((best, m) => (m.recent > best.recent ? m : best), group[0]!);
  for (let changed = true; changed; ) {
    changed = false;
    for (const member of group) {
      // An acronym standing for the head's words names it with half the papers ("ABAW" for "behavior
      // analysis"); a longer phrase needs three quarters ("ZSA for long context" does not name "ZSA").
      const byExpansion = member.expansion !== undefined && contains(member.expansion, head.key);
      const needed = byExpansion ? 2 * member.recent >= head.recent : 4 * member.recent >= 3 * head.recent;
      if (member !== head && needed && (byExpansion || contains(member.key, head.key))) {
        head = member;
        changed = true;
      }
    }
  }
  return head;
}

/** Whether phrase key `outer` has the words of `inner` in a row, and more. */
function contains(outer: string, inner: string): boolean {
  return outer.length > inner.length && ` ${outer} `.includes(` ${inner} `);
}

/** Size of the intersection of two sorted lists. */
export function overlap(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      n++;
      i++;
      j++;
    }
  }
  return n;
}
