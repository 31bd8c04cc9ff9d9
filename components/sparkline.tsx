import type { Week } from '@/lib/messages/schemas';
import { formatWeekStart } from './format-date';

export interface SparklineProps {
  weeks: Week[];
  /** What the chart is of ("Agentic RL"): starts the accessible name. */
  label: string;
  width?: number;
  height?: number;
  /** Label the axis under the bars: first and last week, and under them the tallest bar's count. */
  axis?: boolean;
}

const GAP = 2;

/**
 * A small bar chart of weekly counts (oldest first), as an inline SVG. It inherits `currentColor`, so it
 * needs no stylesheet; a partial last week is drawn faded and said so in the accessible name.
 */
export function Sparkline({ weeks, label, width = 120, height = 28, axis = false }: SparklineProps) {
  const chart = <SparkBars weeks={weeks} label={label} width={width} height={height} />;
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!axis || !first || !last) return chart;
  const max = Math.max(0, ...weeks.map((w) => (Number.isFinite(w.count) ? w.count : 0)));
  return (
    <div class="pp-spark" style={{ width: `${width}px` }}>
      {chart}
      {/*
       * The SVG's accessible name already says all of this: the axis is for the eye. The dates sit under the
       * first and last bars and the peak on a line of its own: three labels on one 240 px line ran together
       * on the Emerging page ("Dec 15peak 4/week").
       */}
      <div class="pp-spark-axis" aria-hidden="true" data-spark-axis>
        <span>{formatWeekStart(first.weekStart)}</span>{' '}
        <span>
          {formatWeekStart(last.weekStart)}
          {last.partial ? ' (partial)' : ''}
        </span>
      </div>
      <div class="pp-spark-peak" aria-hidden="true" data-spark-peak>
        peak {max}/week · {weeks.length} weeks
      </div>
    </div>
  );
}

function SparkBars({ weeks, label, width, height }: Required<Omit<SparklineProps, 'axis'>>) {
  const description = describeWeeks(weeks, label);
  const max = Math.max(1, ...weeks.map((w) => (Number.isFinite(w.count) ? Math.max(0, w.count) : 0)));
  const slot = weeks.length > 0 ? width / weeks.length : width;
  const barWidth = Math.max(1, slot - GAP);
  return (
    <svg
      class="pp-sparkline"
      role="img"
      aria-label={description}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      fill="currentColor"
    >
      <title>{description}</title>
      {/* A baseline so an all-zero chart still reads as a chart, not as a gap. */}
      <rect x={0} y={height - 1} width={width} height={1} opacity={0.25} />
      {weeks.map((week, i) => {
        const count = Number.isFinite(week.count) ? Math.max(0, week.count) : 0;
        const barHeight = count === 0 ? 0 : Math.max(2, Math.round((count / max) * (height - 2)));
        return (
          <rect
            key={week.weekStart}
            data-week={week.weekStart}
            data-count={count}
            x={i * slot + GAP / 2}
            y={height - 1 - barHeight}
            width={barWidth}
            height={barHeight}
            opacity={week.partial ? 0.45 : 0.9}
          />
        );
      })}
    </svg>
  );
}

/** "Agentic RL, papers per week over 12 weeks: 3, 5, … 28 (last week partial)". */
export function describeWeeks(weeks: Week[], label: string): string {
  if (weeks.length === 0) return `${label}: no weekly counts yet`;
  const counts = weeks.map((w) => (Number.isFinite(w.count) ? Math.max(0, w.count) : 0)).join(', ');
  const partial = weeks.at(-1)?.partial ? ' (last week partial)' : '';
  return `${label}, papers per week over ${weeks.length} weeks: ${counts}${partial}`;
}
