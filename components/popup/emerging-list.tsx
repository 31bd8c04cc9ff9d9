import { emergingHref } from '@/components/emerging/emerging-text';
import type { EmergingView } from '@/components/emerging/kept-emerging';

interface EmergingListProps {
  view: EmergingView;
  /** The answer is the last one shown (kept by the popup), while the background's is on its way. */
  kept?: boolean;
}

/**
 * The top emerging phrases of the index (kept by the background, so this is one read): each links to its
 * entry on the Emerging page, with whether a pack topic already covers it.
 */
export function EmergingList({ view, kept = false }: EmergingListProps) {
  return (
    <section
      class="pp-section"
      aria-labelledby="pp-emerging-heading"
      aria-busy={kept}
      data-emerging
      data-emerging-kept={kept ? '' : undefined}
    >
      <h2 id="pp-emerging-heading">Emerging</h2>
      {view.phrases.length === 0 ? (
        <p class="pp-empty" data-emerging-empty>
          {view.filling
            ? 'Emerging phrases appear once the index holds sixteen weeks of papers.'
            : 'No new phrase is rising significantly in the last four weeks.'}
        </p>
      ) : (
        <ul class="pp-topic-list" aria-label="Emerging phrases">
          {view.phrases.map((phrase, rank) => (
            <li key={phrase.phrase} class="pp-topic-item" data-emerging-phrase={phrase.phrase}>
              <a href={emergingHref(rank)} target="_blank" rel="noopener" class="pp-topic-link">
                {phrase.phrase}
              </a>
              <span class="pp-muted" data-emerging-status>
                {phrase.status}
              </span>
              <span class="pp-counts">
                {phrase.recent} vs {phrase.previous}
              </span>
            </li>
          ))}
        </ul>
      )}
      <a href={emergingHref()} target="_blank" rel="noopener" data-emerging-all>
        All emerging phrases
      </a>
    </section>
  );
}
