import { LoadError } from '@/components/load-error';
import { abstractHref, PaperCard } from '@/components/paper-card';
import { useMessage } from '@/components/use-message';
import type { PaperRow, RisingPhraseData } from '@/lib/messages/schemas';

/** Papers shown as cards under each phrase; the others are listed by id. */
const CARDS = 5;

/**
 * "Rising inside this topic": Emerging's phrases over the topic's own papers (lib/discover/rising-inside.ts),
 * worked out in the background; each phrase opens onto its papers in one click.
 */
export function RisingInside({ topicId, topicName }: { topicId: string; topicName: string }) {
  const [answer, reload] = useMessage('topic.rising', { id: topicId, rows: CARDS });
  return (
    <section class="pp-section" aria-labelledby="pp-rising-heading" data-rising-inside>
      <h2 id="pp-rising-heading">Rising inside this topic</h2>
      {answer.state === 'loading' ? (
        <p class="pp-muted" aria-live="polite">
          Looking for phrases rising inside {topicName}…
        </p>
      ) : answer.state === 'error' ? (
        <LoadError what="the phrases rising inside this topic" error={answer.error} retry={reload} />
      ) : answer.data.weeks === null ? (
        <p class="pp-empty" data-rising-empty>
          Your index holds too short a history to compare the last four weeks with (eight weeks at least).
        </p>
      ) : answer.data.phrases.length === 0 ? (
        <p class="pp-empty" data-rising-empty>
          Nothing is rising significantly inside {topicName}: no phrase at least doubled its share of the
          topic’s papers in the last four weeks.
        </p>
      ) : (
        <>
          <p class="pp-muted">
            Phrases whose share of this topic’s papers at least doubled: its{' '}
            {answer.data.weeks.recentPapers.toLocaleString('en-US')} papers of the last four weeks against its{' '}
            {answer.data.weeks.baselinePapers.toLocaleString('en-US')} of the{' '}
            {answer.data.weeks.baselineWeeks} weeks before (exact test, p &lt; 0.01, six papers or more).
          </p>
          <ol class="pp-ask-items pp-rising-list">
            {answer.data.phrases.map((phrase) => (
              <RisingPhrase
                key={phrase.key}
                phrase={phrase}
                rows={answer.data.rows}
                baselineWeeks={answer.data.weeks?.baselineWeeks ?? 0}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

interface RisingPhraseProps {
  phrase: RisingPhraseData;
  rows: readonly PaperRow[];
  baselineWeeks: number;
}

function RisingPhrase({ phrase, rows, baselineWeeks }: RisingPhraseProps) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cards = phrase.papers.slice(0, CARDS).flatMap((id) => byId.get(id) ?? []);
  const shown = new Set(cards.map((c) => c.id));
  const papers = `${phrase.recent} paper${phrase.recent === 1 ? '' : 's'}`;
  return (
    <li data-rising-phrase={phrase.phrase} data-rising-key={phrase.key}>
      <details>
        <summary>
          <strong data-rising-label>{phrase.phrase}</strong>: {papers} in the last 4 weeks,{' '}
          <span data-rising-previous>{phrase.previous}</span> in the {baselineWeeks} before
          {phrase.coveredBy.length > 0 && (
            <span class="pp-muted"> · mostly in {phrase.coveredBy.map((t) => t.name).join(', ')}</span>
          )}
        </summary>
        {phrase.variants.length > 1 && (
          <p class="pp-muted">Also written {phrase.variants.slice(1).join(', ')}</p>
        )}
        <ul class="pp-paper-list" aria-label={`Papers on ${phrase.phrase}`}>
          {cards.map((paper) => (
            <li key={paper.id}>
              <PaperCard paper={paper} headingLevel={4} />
            </li>
          ))}
          {phrase.papers
            .filter((id) => !shown.has(id))
            .map((id) => (
              <li key={id}>
                <a href={abstractHref(id)} data-arxiv-id={id}>
                  arXiv:{id}
                </a>
              </li>
            ))}
        </ul>
      </details>
    </li>
  );
}
