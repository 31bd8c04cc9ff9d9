/** Weekly shares for the compare chart: a topic's papers over all indexed papers of the same week. */
export function shareSeries(counts: readonly number[], all: readonly number[]): (number | null)[] {
  return counts.map((n, i) => {
    const total = all[i] ?? 0;
    return total > 0 ? n / total : null;
  });
}

/** "0.31%": enough digits to tell small shares apart. */
export function formatShare(share: number | null): string {
  if (share === null) return 'no papers';
  const pct = share * 100;
  return `${pct >= 10 ? pct.toFixed(0) : pct >= 1 ? pct.toFixed(1) : pct.toFixed(2)}%`;
}
