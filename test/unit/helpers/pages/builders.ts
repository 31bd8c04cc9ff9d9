import type {
  IndexInfo,
  IndexStatus,
  MomentumData,
  PaperRow,
  TopicSummary,
  Week,
} from '@/lib/messages/schemas';

/** Hand-made answers of the background, shaped like the protocol's schemas (fake-send checks them). */

const DAY = 86_400_000;
/** Sunday Oct 4, 2026, last ms: the cut-off of the data in these fixtures. */
export const CUTOFF = Date.UTC(2026, 9, 4, 23, 59, 59, 999);

export function weeks(counts: readonly number[], lastPartial = true): Week[] {
  // 12 Mondays ending with the week of Sep 28, 2026.
  const lastMonday = Date.UTC(2026, 8, 28);
  return counts.map((count, i) => ({
    weekStart: new Date(lastMonday - (counts.length - 1 - i) * 7 * DAY).toISOString().slice(0, 10),
    count,
    partial: lastPartial && i === counts.length - 1,
  }));
}

export function momentum(
  recent: number,
  previous: number,
  overrides: Partial<MomentumData> = {},
): MomentumData {
  return {
    recent,
    previous,
    change: previous === 0 ? null : recent / previous - 1,
    share: recent / 9000,
    trend:
      previous === 0 ? (recent >= 3 ? 'new' : 'steady') : recent >= previous * 1.25 ? 'rising' : 'steady',
    p: 0.01,
    allRecent: 9000,
    allPrevious: 8800,
    ...overrides,
  };
}

export function topic(id: string, name: string, overrides: Partial<TopicSummary> = {}): TopicSummary {
  return {
    id,
    name,
    kind: 'fine',
    followed: false,
    muted: false,
    momentum: momentum(28, 7),
    weekly: [1, 2, 1, 3, 2, 4, 5, 3, 6, 7, 9, 4],
    ...overrides,
  };
}

export const INDEX: IndexInfo = {
  categories: ['cs.AI', 'cs.LG', 'cs.CL'],
  cutoff: CUTOFF,
  filling: false,
  progress: 1,
};

export function status(overrides: Partial<IndexStatus> = {}): IndexStatus {
  return {
    papers: 12_345,
    categories: ['cs.AI', 'cs.LG', 'cs.CL'],
    cutoff: CUTOFF,
    running: false,
    progress: 1,
    lastCompleteAt: CUTOFF - 3 * 3_600_000,
    ...overrides,
  };
}

export function paper(id: string, title: string, overrides: Partial<PaperRow> = {}): PaperRow {
  return {
    id,
    title,
    abstract: `We study ${title.toLowerCase()} and report results on three benchmarks.`,
    authors: ['Wentao Zhang', 'Jingyuan Wang', 'Zetong Zhou', 'Li Wei', 'Ana Souza'],
    authorCount: 5,
    primary: 'cs.AI',
    categories: ['cs.AI', 'cs.LG'],
    published: Date.UTC(2026, 8, 10, 14),
    topics: [
      { id: 'agentic-rl', name: 'Agentic RL' },
      { id: 'urban-planning', name: 'Urban Planning' },
    ],
    ...overrides,
  };
}
