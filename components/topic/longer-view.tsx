import { useState } from 'preact/hooks';
import { BarChart } from '@/components/bar-chart';
import { LoadError } from '@/components/load-error';
import { useMessage } from '@/components/use-message';

const SPANS = [12, 26, 52] as const;
type Span = (typeof SPANS)[number];

/**
 * The topic's weekly papers over 12, 26 or 52 weeks. The index holds as many weeks as the options say
 * (up to 52); weeks before that read as empty, and the note says so.
 */
export function LongerView({ topicId, topicName }: { topicId: string; topicName: string }) {
  // Closed until asked for: the page's 12-week chart stays the one chart on it, and nothing is fetched.
  const [open, setOpen] = useState(false);
  return (
    <section class="pp-section" data-longer-view>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <h2 class="pp-inline-heading">Longer view: 12, 26 or 52 weeks</h2>
        </summary>
        {open && <LongerChart topicId={topicId} topicName={topicName} />}
      </details>
    </section>
  );
}

function LongerChart({ topicId, topicName }: { topicId: string; topicName: string }) {
  const [span, setSpan] = useState<Span>(26);
  const [answer, reload] = useMessage('topic.weekly', { id: topicId, weeks: span });
  return (
    <>
      <div class="pp-section-head">
        <label>
          Weeks{' '}
          <select
            value={String(span)}
            onChange={(e) => setSpan(Number(e.currentTarget.value) as Span)}
            data-longer-weeks
          >
            {SPANS.map((n) => (
              <option key={n} value={String(n)}>
                {n} weeks
              </option>
            ))}
          </select>
        </label>
      </div>
      {answer.state === 'error' && <LoadError what="the longer view" error={answer.error} retry={reload} />}
      {answer.state === 'ready' && (
        <>
          <BarChart weeks={answer.data.weeks} label={`${topicName} papers per week`} />
          {answer.data.historyWeeks < span && (
            <p class="pp-muted" data-longer-note>
              Your index keeps {answer.data.historyWeeks} weeks of papers, so earlier weeks show none: choose
              a longer history window in the options (up to 52 weeks).
            </p>
          )}
        </>
      )}
    </>
  );
}
