import type { IndexInfo, TopicSummary } from '@/lib/messages/schemas';
// The wording module directly, not lib/momentum's index: that one pulls the binomial CDF into the bundle.
import { COMPARED_WITH, describeMomentum } from '@/lib/momentum/wording';

export type BadgeTrend = 'rising' | 'cooling' | 'steady' | 'new' | 'unknown';

export interface BadgeView {
  trend: BadgeTrend;
  /**
   * What the badge shows: "+300%", "-40%" (rising, cooling), "new", "steady", or why momentum is not known.
   * Never a percentage on a steady or unknown badge (DESIGN.md: a number appears only for a trend).
   */
  text: string;
  /** The same in words, for screen readers and the tooltip. */
  label: string;
}

/**
 * What a badge says about a topic. Momentum is "unknown" while the index is filling or when the index has no
 * figure for the topic: the badge then says so instead of showing a made-up 0% (the filling progress is in
 * its label only, so no unknown badge shows a percentage).
 */
export function describeBadge(summary: TopicSummary, index: IndexInfo, compact = false): BadgeView {
  const m = summary.momentum;
  // A category outside the tracked ones has only its cross-lists in the index: no figure it could support.
  if (summary.kind === 'category' && !index.categories.includes(summary.id)) {
    return {
      trend: 'unknown',
      text: 'not tracked',
      label: `Momentum unknown: ${summary.id} is not tracked`,
    };
  }
  if (index.filling || m === null) {
    const pct = Math.max(0, Math.min(100, Math.floor(index.progress * 100)));
    if (index.filling) {
      return {
        trend: 'unknown',
        text: compact ? 'filling' : 'index filling',
        label: `Momentum not known yet: the index is filling (${pct}%)`,
      };
    }
    return { trend: 'unknown', text: compact ? '?' : 'no data', label: 'Momentum not known: no data yet' };
  }
  const view = describeMomentum(m);
  return { trend: view.trend, text: view.change, label: view.verdict };
}

/** Whether the badge shows a change (rising, cooling): a surface then says what it compares. */
export function showsChange(summary: TopicSummary, index: IndexInfo): boolean {
  const { trend } = describeBadge(summary, index);
  return trend === 'rising' || trend === 'cooling';
}

/** Under a list whose badges show a change: what the change compares (nothing when none shows one). */
export function ComparedNote({ topics, index }: { topics: readonly TopicSummary[]; index: IndexInfo }) {
  if (!topics.some((topic) => showsChange(topic, index))) return null;
  return (
    <p class="pp-muted pp-compared" data-compared>
      Changes: {COMPARED_WITH}.
    </p>
  );
}

export interface MomentumBadgeProps {
  summary: TopicSummary;
  index: IndexInfo;
  /** Listings: shorter wording for the unknown states. */
  compact?: boolean;
}

/**
 * The momentum badge of a topic: `data-momentum` carries the trend (contract in DESIGN.md). Styled by
 * `MOMENTUM_BADGE_CSS` (pages add it once; the in-page UI has it in its shadow root).
 */
export function MomentumBadge({ summary, index, compact = false }: MomentumBadgeProps) {
  const view = describeBadge(summary, index, compact);
  return (
    <span
      class={`pp-badge pp-badge--${view.trend}${compact ? ' pp-badge--compact' : ''}`}
      data-momentum={view.trend}
      title={view.label}
      aria-label={view.label}
      role="img"
    >
      {view.text}
    </span>
  );
}

/**
 * Badge styles. Colours come from custom properties with fallbacks, so the badge looks right on the
 * extension's pages (theme.css) and inside the in-page shadow root alike. Arrows are CSS content so they
 * stay out of the text (which the contract reads as the change).
 */
export const MOMENTUM_BADGE_CSS = `
.pp-badge { display: inline-block; font: 600 11px/16px system-ui, sans-serif; padding: 0 5px; border-radius: 8px;
  white-space: nowrap; font-variant-numeric: tabular-nums; color: var(--pp-muted, #5f6368); }
.pp-badge--rising { color: var(--pp-rising, #0b7a3b); background: color-mix(in srgb, currentColor 12%, transparent); }
.pp-badge--rising::before { content: "\\25B2\\FE0E "; font-size: 8px; vertical-align: 1px; }
.pp-badge--cooling { color: var(--pp-cooling, #a15c00); background: color-mix(in srgb, currentColor 12%, transparent); }
.pp-badge--cooling::before { content: "\\25BC\\FE0E "; font-size: 8px; vertical-align: 1px; }
.pp-badge--new { color: var(--pp-new, #1a5fb4); background: color-mix(in srgb, currentColor 12%, transparent);
  text-transform: uppercase; letter-spacing: 0.04em; font-size: 10px; }
.pp-badge--steady { font-weight: 500; }
.pp-badge--unknown { font-weight: 500; font-style: italic; }
`;
