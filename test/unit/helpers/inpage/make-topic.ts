import type { IndexInfo, MomentumData, TopicSummary, Week } from '@/lib/messages/schemas';

/** Test builders for the shapes the background answers with; every field explicit so tests read plainly. */

export const READY_INDEX: IndexInfo = {
  categories: ['cs.AI', 'cs.LG', 'cs.CL'],
  cutoff: Date.UTC(2026, 5, 24),
  filling: false,
  progress: 1,
};

export const FILLING_INDEX: IndexInfo = { ...READY_INDEX, cutoff: null, filling: true, progress: 0.4 };

export function momentum(recent: number, previous: number, trend: MomentumData['trend']): MomentumData {
  return {
    recent,
    previous,
    change: previous === 0 ? null : recent / previous - 1,
    share: recent / 9000,
    trend,
    p: 0.001,
    allRecent: 9000,
    allPrevious: 8800,
  };
}

export function weeks(counts: number[], lastPartial = true): Week[] {
  const start = Date.UTC(2026, 3, 6);
  return counts.map((count, i) => ({
    weekStart: new Date(start + i * 7 * 86_400_000).toISOString().slice(0, 10),
    count,
    partial: lastPartial && i === counts.length - 1,
  }));
}

export function topic(id: string, overrides: Partial<TopicSummary> = {}): TopicSummary {
  return {
    id,
    name: id
      .split('-')
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(' '),
    kind: 'fine',
    followed: false,
    muted: false,
    momentum: momentum(28, 7, 'rising'),
    weekly: [1, 2, 2, 3, 4, 3, 5, 6, 7, 8, 9, 4],
    ...overrides,
  };
}
