import { useEffect } from 'preact/hooks';
import { LoadError } from '@/components/load-error';
import { PaperCard } from '@/components/paper-card';
import { Sparkline } from '@/components/sparkline';
import { useAction, useMessage, useSend } from '@/components/use-message';
import type { EmergingPhraseData, PaperRow } from '@/lib/messages/schemas';
import { baselineWeeks, emergingCounts, emergingStatus, emergingWeeks } from './emerging-text';
import { FollowAsTopic } from './follow-as-topic';
import { forgetKeptEmerging } from './kept-emerging';

/** The page lists this many phrases (the background keeps 30). */
const PAGE_PHRASES = 30;

/**
 * `emerging.html`: the phrases rising in the index, best first, each with its weekly counts, whether a pack
 * topic covers it, its first papers, and "Follow as a topic".
 */
export function EmergingPage() {
  const [answer, reload] = useMessage('discover.emerging', { limit: PAGE_PHRASES, papers: true });
  useEffect(() => {
    document.title = 'Emerging phrases · PaperPulse';
  }, []);
  return (
    <main class="pp-page pp-wide">
      <h1>Emerging phrases</h1>
      <p class="pp-muted">
        Phrases whose share of papers at least doubled in the last four weeks against the twelve before (exact
        test, p &lt; 0.01, six papers or more), counted in the background week by week.
      </p>
      {answer.state === 'ready' && answer.data.phrases[0] && baselineWeeks(answer.data.phrases[0]) < 12 && (
        <p class="pp-muted" data-emerging-short>
          Your index holds {baselineWeeks(answer.data.phrases[0])} weeks before the last four, so they are
          compared with those: Emerging needs a history window of 16 weeks (Options) for all twelve.
        </p>
      )}
      {answer.state === 'loading' ? (
        <p class="pp-muted">Loading emerging phrases…</p>
      ) : answer.state === 'error' ? (
        <LoadError what="emerging phrases" error={answer.error} retry={reload} />
      ) : answer.data.phrases.length === 0 || answer.data.firstWeek === null ? (
        <p class="pp-empty" data-emerging-empty>
          No phrase is rising significantly in the index yet.
        </p>
      ) : (
        <ol class="pp-emerging-list" aria-label="Emerging phrases">
          {answer.data.phrases.map((phrase, rank) => (
            <EmergingEntry
              key={phrase.phrase}
              rank={rank}
              phrase={phrase}
              firstWeek={answer.data.firstWeek ?? 0}
              rows={answer.data.rows}
              categories={answer.data.index.categories.join(', ')}
              dismissed={reload}
            />
          ))}
        </ol>
      )}
    </main>
  );
}

interface EmergingEntryProps {
  rank: number;
  phrase: EmergingPhraseData;
  firstWeek: number;
  rows: readonly PaperRow[];
  categories: string;
  /** Called once the phrase is dismissed: the list is asked again (without it). */
  dismissed: () => void;
}

function EmergingEntry({ rank, phrase, firstWeek, rows, categories, dismissed }: EmergingEntryProps) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const papers = phrase.papers.flatMap((id) => byId.get(id) ?? []);
  const headingId = `pp-emerging-${rank}`;
  return (
    <li class="pp-emerging-entry" aria-labelledby={headingId} data-emerging-phrase={phrase.phrase}>
      <h2 id={headingId}>{phrase.phrase}</h2>
      <p>
        <span data-emerging-status>{emergingStatus(phrase)}</span> · <span>{emergingCounts(phrase)}</span>
        {phrase.variants.length > 1 && (
          <span class="pp-muted"> · also {phrase.variants.slice(1).join(', ')}</span>
        )}
      </p>
      <Sparkline
        weeks={emergingWeeks(phrase, firstWeek)}
        label={phrase.phrase}
        width={240}
        height={36}
        axis
      />
      <FollowAsTopic phrase={phrase} categories={categories} />
      <NotInteresting phrase={phrase} dismissed={dismissed} />
      <ul class="pp-paper-list" aria-label={`Papers on ${phrase.phrase}`}>
        {papers.map((paper) => (
          <li key={paper.id}>
            <PaperCard paper={paper} headingLevel={3} />
          </li>
        ))}
      </ul>
      {phrase.papers.length > papers.length && (
        <p class="pp-muted">and {phrase.papers.length - papers.length} more papers in the last four weeks</p>
      )}
    </li>
  );
}

/** "Not interesting": hides the phrase from the list for good (kept by the background). */
function NotInteresting({ phrase, dismissed }: { phrase: EmergingPhraseData; dismissed: () => void }) {
  const send = useSend();
  const { pending, error, run } = useAction();
  const dismiss = () =>
    run(async () => {
      await send('discover.dismiss', { key: phrase.key });
      forgetKeptEmerging();
      dismissed();
    });
  return (
    <span class="pp-follow">
      <button type="button" class="pp-link-button" disabled={pending} onClick={dismiss} data-dismiss-phrase>
        Not interesting<span class="pp-visually-hidden"> {phrase.phrase}</span>
      </button>
      {error && (
        <span role="alert" class="pp-error-inline">
          Could not dismiss: {error}
        </span>
      )}
    </span>
  );
}
