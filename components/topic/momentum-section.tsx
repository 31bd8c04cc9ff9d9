import { BarChart } from '@/components/bar-chart';
import { formatDay, formatWindow } from '@/components/format-date';
import type { IndexInfo, TopicSummary } from '@/lib/messages/schemas';
// Single modules: lib/momentum's index would pull the binomial CDF into the page.
import { withWeeks } from '@/lib/momentum/weekly-counts';
import { momentumSentence } from '@/lib/momentum/wording';

const WINDOW = 28 * 86_400_000;
const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'paper' : 'papers'}`;

/** The momentum sentence a reader takes in at a glance, the 12-week chart, and how fresh the data is. */
export function MomentumSection({ summary, index }: { summary: TopicSummary; index: IndexInfo }) {
  const categories = index.categories.join(', ');
  const percent = Math.round(Math.min(1, Math.max(0, index.progress)) * 100);
  return (
    <section class="pp-section" aria-labelledby="pp-momentum-heading">
      <h2 id="pp-momentum-heading">Momentum</h2>
      {summary.momentum ? (
        <p class="pp-momentum-sentence" data-momentum-sentence>
          {momentumSentence(summary.momentum, categories || undefined)}
        </p>
      ) : (
        <p class="pp-empty" data-momentum-sentence>
          {index.filling
            ? `Momentum is not known yet: the index is still being built (${percent}%).`
            : 'Momentum is not known: the index has no papers for the last eight weeks.'}
        </p>
      )}
      {summary.momentum && index.cutoff !== null && (
        <p class="pp-muted" data-windows>
          Last four weeks: {formatWindow(index.cutoff - WINDOW, index.cutoff)} (
          {count(summary.momentum.recent)}); the four weeks before:{' '}
          {formatWindow(index.cutoff - 2 * WINDOW, index.cutoff - WINDOW)} ({count(summary.momentum.previous)}
          ).
        </p>
      )}
      <BarChart
        weeks={withWeeks(summary.weekly, index.cutoff)}
        label={`${summary.name} papers per week`}
        {...(summary.momentum && index.cutoff !== null
          ? { recent: { from: index.cutoff - WINDOW, to: index.cutoff, count: summary.momentum.recent } }
          : {})}
      />
      <p class="pp-muted" data-freshness>
        {index.cutoff === null
          ? 'The index holds no papers yet.'
          : `Counts are of papers in ${categories} in your index, first versions through ${formatDay(index.cutoff)}. Weeks start on Monday (UTC).`}
        {index.filling &&
          index.cutoff !== null &&
          ` The index is still being built (${percent}%): counts may grow.`}
      </p>
    </section>
  );
}
