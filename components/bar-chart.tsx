import type { Week } from '@/lib/messages/schemas';
import { formatWeekStart, formatWindow, weekLabel } from './format-date';

interface BarChartProps {
  weeks: readonly Week[];
  /** What is counted, for the caption: "Agentic RL papers per week". */
  label: string;
  /**
   * The momentum's last-four-weeks window `(from, to]` (ms): the weeks it touches are marked, and the caption
   * says that its 28 days do not start on a Monday, so their bars need not sum to its count.
   */
  recent?: { from: number; to: number; count: number };
}

const WEEK = 7 * 86_400_000;

function papers(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'paper' : 'papers'}`;
}

/**
 * The weekly bar chart: one bar per calendar week (Monday, UTC), oldest first, each labelled by its week.
 * Plain elements, not a canvas: every bar's text ("Week of Sep 28: 7 papers") is read by screen readers
 * and found by tests; the last week, when partial, is drawn hatched and says so.
 */
export function BarChart({ weeks, label, recent }: BarChartProps) {
  if (weeks.length === 0) {
    return (
      <p class="pp-empty" data-chart-empty>
        No weekly counts yet: the index has no papers for this period.
      </p>
    );
  }
  const max = Math.max(1, ...weeks.map((week) => week.count));
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  return (
    <figure class="pp-chart">
      <figcaption>
        {label}, last {weeks.length} weeks ({papers(total)})
        {recent && (
          <span class="pp-chart-window" data-chart-window>
            {' '}
            Marked: the last four weeks, {formatWindow(recent.from, recent.to)} ({papers(recent.count)}); they
            start mid-week, so the marked bars can hold a few papers more or less.
          </span>
        )}
      </figcaption>
      <ol class="pp-bars">
        {weeks.map((week) => {
          const text = `${weekLabel(week.weekStart)}: ${papers(week.count)}${week.partial ? ' so far (partial week)' : ''}`;
          const start = Date.parse(`${week.weekStart}T00:00:00Z`);
          const inRecent = recent !== undefined && start <= recent.to && start + WEEK - 1 > recent.from;
          let classes = week.partial ? 'pp-bar-week pp-bar-partial' : 'pp-bar-week';
          if (inRecent) classes += ' pp-bar-recent';
          return (
            <li
              key={week.weekStart}
              class={classes}
              data-recent-window={inRecent ? '' : undefined}
              data-week-start={week.weekStart}
              data-count={week.count}
              data-partial={week.partial ? '' : undefined}
              title={text}
            >
              <span class="pp-visually-hidden">{text}</span>
              <span class="pp-bar-count" aria-hidden="true">
                {week.count}
              </span>
              <span
                class="pp-bar"
                aria-hidden="true"
                style={{ height: `${week.count === 0 ? 0 : Math.max(2, (week.count / max) * 100)}%` }}
              />
              <span class="pp-bar-label" aria-hidden="true">
                {formatWeekStart(week.weekStart)}
                {week.partial && <span class="pp-bar-partial-mark">partial</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
