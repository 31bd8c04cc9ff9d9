import { formatDay, formatMoment, formatRelative } from '@/components/format-date';
import { useAction, useSend } from '@/components/use-message';
import type { IndexStatus } from '@/lib/messages/schemas';

interface IndexStatusProps {
  status: IndexStatus;
  onStatus: (status: IndexStatus) => void;
  now?: number;
}

/** How much the index holds and how fresh it is; the backfill's progress, the last error, "Refresh now". */
export function IndexStatusPanel({ status, onStatus, now = Date.now() }: IndexStatusProps) {
  const send = useSend();
  const refresh = useAction();
  const percent = Math.round(Math.min(1, Math.max(0, status.progress)) * 100);
  const refreshNow = () =>
    refresh.run(async () => {
      onStatus(await send('index.refresh', {}));
    });
  return (
    <section class="pp-section pp-index-status" aria-labelledby="pp-index-heading">
      <h2 id="pp-index-heading">Index</h2>
      <p data-index-status>
        {status.papers.toLocaleString('en-US')} papers indexed in{' '}
        {status.categories.join(', ') || 'no categories'}
      </p>
      <p class="pp-muted" data-index-freshness>
        {status.cutoff === null ? 'No data yet.' : `Data through ${formatDay(status.cutoff)}.`}{' '}
        {status.lastCompleteAt !== undefined
          ? `Last update ${formatRelative(status.lastCompleteAt, now)}.`
          : 'Not updated yet.'}
      </p>
      {status.running && (
        <div class="pp-progress" data-index-progress={percent}>
          <label for="pp-backfill-progress">Fetching papers from arXiv: {percent}%</label>
          <progress id="pp-backfill-progress" max={100} value={percent}>
            {percent}%
          </progress>
        </div>
      )}
      {status.lastError && (
        <div class="pp-error" role="alert" data-index-error>
          <p>
            Last error ({formatMoment(status.lastError.at, now)}): {status.lastError.message}
          </p>
          {status.nextRetryAt !== undefined && (
            <p data-next-retry>
              Next retry {formatMoment(status.nextRetryAt, now)} ({formatRelative(status.nextRetryAt, now)}).
            </p>
          )}
        </div>
      )}
      {!status.lastError && status.nextRetryAt !== undefined && (
        // No error of its own: arXiv's Retry-After holds requests (a reset of the index keeps it).
        <p class="pp-muted" data-next-retry>
          arXiv asked PaperPulse to wait: the next request goes {formatMoment(status.nextRetryAt, now)} (
          {formatRelative(status.nextRetryAt, now)}).
        </p>
      )}
      <button
        type="button"
        class="pp-button"
        onClick={refreshNow}
        disabled={refresh.pending || status.running}
        data-refresh-now
      >
        {status.running ? 'Updating…' : refresh.pending ? 'Starting…' : 'Refresh now'}
      </button>
      {refresh.error && (
        <p role="alert" class="pp-error">
          Could not start a refresh: {refresh.error}
        </p>
      )}
    </section>
  );
}
