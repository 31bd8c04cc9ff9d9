import { orderChips } from '@/lib/content/order-tags';
import type { PaperView } from '@/lib/content/paper-view';
import { useStoreTopics } from './inpage-env';
import { TopicChip } from './topic-chip';
import { UntrackedNote } from './untracked-note';

export interface PaperChipsProps {
  view: PaperView;
  /** Listings: one line, smaller chips. */
  compact?: boolean;
  onRetry?(): void;
}

const NO_IDS: string[] = [];

/** The chip row of one paper, in every state: loading, error, no topics, topics (+ untracked note). */
export function PaperChips({ view, compact = false, onRetry }: PaperChipsProps) {
  const ids = view.status === 'ready' ? view.annotation.tags.map((t) => t.id) : NO_IDS;
  const store = useStoreTopics(ids);
  const index = store.index();
  const rowClass = `pp-row${compact ? ' pp-row--compact' : ''}`;
  const brand = !compact && (
    <span class="pp-brand" aria-hidden="true">
      PaperPulse
    </span>
  );

  if (view.status === 'loading' || (view.status === 'ready' && !index)) {
    return (
      <div class={rowClass} aria-busy="true" data-state="loading">
        {brand}
        <span class="pp-note">finding topics…</span>
      </div>
    );
  }
  if (view.status === 'error' || !index) {
    const message = view.status === 'error' ? view.message : 'no answer';
    return (
      <div class={rowClass} role="status" data-state="error">
        {brand}
        <span class="pp-note pp-note--error" title={message}>
          {compact ? 'PaperPulse: topics unavailable' : `Topics unavailable: ${message}`}
        </span>
        {onRetry && (
          <button type="button" class="pp-action" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
    );
  }

  const { annotation } = view;
  const chips = orderChips(annotation.tags, store.topic);
  const followed = chips.some((c) => c.topic.followed);
  return (
    <div class={`${rowClass}${followed ? ' pp-row--followed' : ''}`} data-state="ready">
      {brand}
      <span class="pp-sr">PaperPulse topics:</span>
      {chips.map((chip) => (
        <TopicChip key={chip.topic.id} model={chip} index={index} compact={compact} />
      ))}
      {chips.length === 0 && <span class="pp-note">no topics found</span>}
      {!annotation.tracked && <UntrackedNote categories={annotation.categories} compact={compact} />}
    </div>
  );
}
