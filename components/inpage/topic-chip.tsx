import type { IndexInfo } from '@/lib/messages/schemas';
import { MomentumBadge } from '../momentum-badge';
import type { ChipModel } from './chip-row';

export interface TopicChipProps {
  model: ChipModel;
  index: IndexInfo;
  compact?: boolean;
  /** Its card is open (the card's element id, for aria-controls). */
  cardId?: string;
}

/**
 * One topic chip: the element with `data-topic-id` whose text starts with the topic's name, then its
 * momentum badge (DESIGN.md contract). Stateless and listener-free: a listing draws ~16,000 of them, so
 * hover, focus and Escape are handled once per row (chip-list.tsx).
 */
export function TopicChip({ model: { topic }, index, compact = false, cardId }: TopicChipProps) {
  let classes = `pp-chip pp-chip--${topic.kind}`;
  if (topic.followed) classes += ' pp-chip--followed';
  if (topic.muted) classes += ' pp-chip--muted';
  return (
    <button
      type="button"
      class={classes}
      data-topic-id={topic.id}
      data-followed={topic.followed ? '' : undefined}
      data-muted={topic.muted ? '' : undefined}
      aria-expanded={cardId !== undefined}
      aria-controls={cardId}
    >
      {topic.name}
      {topic.followed && (
        <span class="pp-star" aria-label="followed" role="img">
          ★
        </span>
      )}
      <MomentumBadge summary={topic} index={index} compact={compact} />
    </button>
  );
}
