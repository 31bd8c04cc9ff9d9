/**
 * Whether the papers using a phrase share other vocabulary: a topic term ("GRPO") gathers papers about the
 * same thing (rewards, policies, reasoning); a turn of phrase ("ablations show") is used by unrelated papers.
 *
 * Each paper is a unit vector over its distinct content words weighted by rarity (idf); the cohesion of a set
 * is the mean cosine similarity over its pairs, computed from the sum vector in O(words) (|sum|^2 counts
 * every pair twice plus each paper with itself). The phrase's own words are left out, or every phrase would
 * look cohesive through itself.
 */
export function cohesion(
  papers: readonly (readonly number[])[],
  weight: (word: number) => number,
  exclude: ReadonlySet<number>,
): number {
  const n = papers.length;
  if (n < 2) return 0;
  const sum = new Map<number, number>();
  let self = 0;
  for (const words of papers) {
    let norm = 0;
    for (const w of words) norm += weight(w) ** 2;
    if (norm === 0) continue;
    const scale = 1 / Math.sqrt(norm);
    for (const w of words) {
      if (exclude.has(w)) continue;
      const v = weight(w) * scale;
      self += v * v;
      sum.set(w, (sum.get(w) ?? 0) + v);
    }
  }
  let total = 0;
  for (const v of sum.values()) total += v * v;
  return (total - self) / (n * (n - 1));
}

/**
 * How unevenly a set of papers spreads over arXiv categories compared with all papers: the total variation
 * distance between the two distributions of primary categories (0: spread like everything else, 1: disjoint).
 */
export function categorySkew(
  primaries: readonly string[],
  overall: ReadonlyMap<string, number>,
  overallTotal: number,
): number {
  if (primaries.length === 0 || overallTotal === 0) return 0;
  const mine = new Map<string, number>();
  for (const c of primaries) mine.set(c, (mine.get(c) ?? 0) + 1);
  let distance = 0;
  for (const [c, count] of overall)
    distance += Math.abs((mine.get(c) ?? 0) / primaries.length - count / overallTotal);
  for (const [c, count] of mine) if (!overall.has(c)) distance += count / primaries.length;
  return distance / 2;
}
