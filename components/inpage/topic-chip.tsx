import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { ChipModel } from '@/lib/content/order-tags';
import type { IndexInfo } from '@/lib/message-schemas';
import { MomentumBadge } from '../momentum-badge';
import { TopicCard } from './topic-card';

export interface TopicChipProps {
  model: ChipModel;
  index: IndexInfo;
  compact?: boolean;
}

const OPEN_DELAY = 180;
const CLOSE_DELAY = 250;

/**
 * One topic chip: the element with `data-topic-id` whose text starts with the topic's name, then its
 * momentum badge (DESIGN.md contract). Hover or keyboard focus opens the card, Escape closes it; the card
 * follows the chip in the DOM so Tab walks from the chip into the card's buttons.
 */
export function TopicChip({ model, index, compact = false }: TopicChipProps) {
  const { topic, tag } = model;
  const [open, setOpen] = useState(false);
  const chipRef = useRef<HTMLButtonElement>(null);
  const wrapRef = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cardId = useId();

  const later = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  };
  const now = (next: boolean) => {
    clearTimeout(timer.current);
    setOpen(next);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    // A fixed card would drift away from its chip when the page scrolls: close it instead.
    const view = wrapRef.current?.ownerDocument.defaultView;
    const close = () => now(false);
    view?.addEventListener('scroll', close, { capture: true, passive: true });
    view?.addEventListener('resize', close);
    return () => {
      view?.removeEventListener('scroll', close, { capture: true });
      view?.removeEventListener('resize', close);
    };
  }, [open]);

  const classes = ['pp-chip', `pp-chip--${topic.kind}`];
  if (topic.followed) classes.push('pp-chip--followed');
  if (topic.muted) classes.push('pp-chip--muted');

  // Hover and focus are tracked on the chip and on its card (the card is inside the wrapper, so moving
  // from one to the other never counts as leaving).
  const hover = {
    onMouseEnter: () => later(true, OPEN_DELAY),
    onMouseLeave: () => later(false, CLOSE_DELAY),
    onFocusOut: (e: FocusEvent) => {
      const next = e.relatedTarget as Node | null;
      if (!next || !wrapRef.current?.contains(next)) now(false);
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !open) return;
      e.stopPropagation();
      now(false);
      chipRef.current?.focus();
    },
  };

  return (
    <span class="pp-chip-wrap" ref={wrapRef}>
      <button
        type="button"
        ref={chipRef}
        class={classes.join(' ')}
        data-topic-id={topic.id}
        data-followed={topic.followed ? '' : undefined}
        data-muted={topic.muted ? '' : undefined}
        aria-expanded={open}
        aria-controls={open ? cardId : undefined}
        onFocus={() => now(true)}
        onClick={() => now(true)}
        {...hover}
      >
        <span class="pp-chip-name">{topic.name}</span>
        {topic.followed && (
          <span class="pp-star" aria-label="followed" role="img">
            ★
          </span>
        )}
        <MomentumBadge summary={topic} index={index} compact={compact} />
      </button>
      {open && (
        <TopicCard
          id={cardId}
          topic={topic}
          tag={tag}
          index={index}
          anchor={chipRef.current}
          events={hover}
        />
      )}
    </span>
  );
}
