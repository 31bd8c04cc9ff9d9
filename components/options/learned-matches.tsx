import { untaughtRows } from '@/lib/discover/learn-page';
import type { LearnedTopicAnswer } from '@/lib/messages/areas/topics-learn';
import type { PaperRow } from '@/lib/messages/schemas';
import { abstractHref } from '../paper-card';
import type { Preview } from './query-editor';

/** The learned topic's matches on the learn page: which the query or only the scorer found, and marks. */

/**
 * Matches shown under the query: the learned preview while the query is the learned one (its rows leave the
 * taught papers out, a full LEARN_PREVIEW_ROWS), else the live check of the query as it is now.
 */
export function matchesShown(
  learned: LearnedTopicAnswer,
  query: string,
  preview: Preview,
): ShownMatches | undefined {
  if (query === learned.query) return { ...learned.preview, scorerOnly: learned.preview.scorerOnly ?? [] };
  if (preview.state === 'done' && preview.query === query && !preview.answer.error) {
    const { matches, papers, scorerOnly = [] } = preview.answer;
    return { count: matches, papers, scorerOnly };
  }
  return undefined;
}

/** What the preview shows: how many match, the newest, and which of those only the scorer matches. */
interface ShownMatches {
  count: number;
  papers: PaperRow[];
  scorerOnly: string[];
}

interface LearnedMatchesProps {
  learned: LearnedTopicAnswer;
  matches: ShownMatches | undefined;
  busy: boolean;
  onNotThis(id: string): void;
  onYes(id: string): void;
}

/** How many papers match, how many examples; the newest matches not yet taught, each with its marks. */
export function LearnedMatches({ learned, matches, busy, onNotThis, onYes }: LearnedMatchesProps) {
  if (!matches) return <p class="pp-muted">Checking the query…</p>;
  const examples = learned.examples.length;
  return (
    <div data-learn-preview>
      <p data-learn-count>
        <strong>{matches.count.toLocaleString('en-US')}</strong> {matches.count === 1 ? 'paper' : 'papers'} in
        your index match. Learned from {examples} {examples === 1 ? 'paper' : 'papers'}; the learned query
        matches {learned.matchedExamples} of them
        {learned.notThis.length > 0 ? `; ${learned.notThis.length} marked “not this”` : ''}.
      </p>
      {learned.scorer && (
        <p class="pp-muted" data-learn-scorer>
          Besides the query, a scorer learned from the examples picks papers that share their wording; it is
          saved with the topic, and stays whatever you write in the query. Each match says which found it.
        </p>
      )}
      <ul class="pp-paper-links" aria-label="Newest matching papers, not yet marked">
        {untaughtRows(matches.papers, learned.examples, learned.notThis).map((paper) => (
          <li key={paper.id} data-learn-match={paper.id}>
            <a href={abstractHref(paper.id)} target="_blank" rel="noopener">
              {paper.title || paper.id}
            </a>{' '}
            {learned.scorer && <MatchedBy scorerOnly={matches.scorerOnly.includes(paper.id)} />}{' '}
            <button
              type="button"
              class="pp-link-button"
              disabled={busy}
              onClick={() => onYes(paper.id)}
              data-yes-this={paper.id}
            >
              Yes, this<span class="pp-visually-hidden">: {paper.title}</span>
            </button>{' '}
            <button
              type="button"
              class="pp-link-button"
              disabled={busy}
              onClick={() => onNotThis(paper.id)}
              data-not-this={paper.id}
            >
              Not this<span class="pp-visually-hidden">: {paper.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Which part of the topic found a match: the query, or only the scorer learned beside it. */
function MatchedBy({ scorerOnly }: { scorerOnly: boolean }) {
  return (
    <span class="pp-tag" data-matched-by={scorerOnly ? 'scorer' : 'query'}>
      {scorerOnly ? 'scorer only' : 'query'}
    </span>
  );
}
