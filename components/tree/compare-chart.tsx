import { formatWeekStart } from '@/components/format-date';
import type { IndexInfo, TopicSummary } from '@/lib/messages/schemas';
import { withWeeks } from '@/lib/momentum/weekly-counts';
import { formatShare, shareSeries } from '@/lib/tree/share-series';

export const MAX_COMPARED = 5;

interface CompareChartProps {
  topics: TopicSummary[];
  /** All indexed papers per week (the denominator). */
  all: number[];
  index: IndexInfo;
}

const W = 640;
const H = 220;
const PAD = { left: 48, right: 28, top: 12, bottom: 28 };

/**
 * Two to five topics' weekly shares of all indexed papers on one chart (shares, so the index's growth
 * does not read as the topics' own), with the same numbers in a table for screen readers.
 */
export function CompareChart({ topics, all, index }: CompareChartProps) {
  const weeks = withWeeks(all, index.cutoff);
  if (weeks.length === 0) return <p class="pp-empty">No weekly data yet: the index is still filling.</p>;
  const series = topics.map((t) => ({ topic: t, shares: shareSeries(t.weekly, all) }));
  const max = Math.max(0.0001, ...series.flatMap((s) => s.shares.map((v) => v ?? 0)));
  const x = (i: number) => PAD.left + (i * (W - PAD.left - PAD.right)) / Math.max(1, weeks.length - 1);
  const y = (v: number) => H - PAD.bottom - (v / max) * (H - PAD.top - PAD.bottom);
  const label = `Weekly share of all indexed papers, ${topics.map((t) => t.name).join(', ')}, ${weeks.length} weeks`;
  return (
    <figure class="pp-compare" data-compare-chart>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} class="pp-compare-svg">
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} class="pp-axis" />
        <text x={PAD.left - 6} y={PAD.top + 4} text-anchor="end" class="pp-axis-label">
          {formatShare(max)}
        </text>
        <text x={PAD.left - 6} y={H - PAD.bottom} text-anchor="end" class="pp-axis-label">
          0%
        </text>
        {weeks.map((w, i) =>
          i % 2 === weeks.length % 2 ? null : (
            <text key={w.weekStart} x={x(i)} y={H - 8} text-anchor="middle" class="pp-axis-label">
              {formatWeekStart(w.weekStart)}
            </text>
          ),
        )}
        {series.map((s, k) => (
          <polyline
            key={s.topic.id}
            class={`pp-series pp-series-${k + 1}`}
            data-series={s.topic.id}
            fill="none"
            points={s.shares
              .map((v, i) => (v === null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`))
              .filter(Boolean)
              .join(' ')}
          />
        ))}
      </svg>
      <figcaption>
        <ul class="pp-legend" aria-label="Topics compared">
          {series.map((s, k) => (
            <li key={s.topic.id}>
              <span class={`pp-swatch pp-series-${k + 1}`} aria-hidden="true" />
              {s.topic.name}
            </li>
          ))}
        </ul>
        Weekly share of all indexed papers ({index.categories.join(', ')}); the last week may be partial.
      </figcaption>
      <table class="pp-visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            {series.map((s) => (
              <th key={s.topic.id} scope="col">
                {s.topic.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((w, i) => (
            <tr key={w.weekStart}>
              <th scope="row">{formatWeekStart(w.weekStart)}</th>
              {series.map((s) => (
                <td key={s.topic.id}>{formatShare(s.shares[i] ?? null)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
