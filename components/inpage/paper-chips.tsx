import { Fragment, type RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PaperView } from '@/lib/content/paper-view';
import { isUserEvent } from '@/lib/content/user-event';
import type { Annotation, IndexInfo } from '@/lib/messages/schemas';
import type { PaperRef } from '@/lib/paper';
import { describeBadge } from '../momentum-badge';
import { type ChipModel, chipRowClass, chipRowModel } from './chip-row';
import { useInpageEnv, useStoreTopics } from './inpage-env';
import { CorrectedNote, type OnCorrected } from './not-this-topic';
import { hostOf } from './shadow-host';
import { TopicCard } from './topic-card';
import { TopicChip } from './topic-chip';
import { UntrackedNote } from './untracked-note';
import { useCardControl } from './use-card-control';

export interface PaperChipsProps {
  view: PaperView;
  /** Listings: one line, smaller chips, the ones that do not fit behind "+N". */
  compact?: boolean;
  /** Compact rows: the width the row has (measured once per page), to fit the chips. */
  width?: number;
  /** The paper itself: a card asks about it when its tag came without evidence. */
  paper?: PaperRef;
  onRetry?(): void;
}

const NO_IDS: string[] = [];

/** The chip row of one paper, in every state: loading, error, no topics, topics (+ untracked note). */
export function PaperChips({ view, compact = false, width, paper, onRetry }: PaperChipsProps) {
  const ids = view.status === 'ready' ? view.annotation.tags.map((t) => t.id) : NO_IDS;
  const store = useStoreTopics(ids);
  const env = useInpageEnv();
  const index = store.index();
  const rowRef = useRef<HTMLDivElement>(null);
  const open = useCardControl(rowRef);
  const [expanded, setExpanded] = useState(false);
  const corrections = useCorrections(rowRef);
  useEffect(() => {
    // The host's containment (one line, a layout boundary) is lifted for a row the user expanded.
    if (expanded) hostOf(rowRef.current)?.setAttribute('data-pp-expanded', '');
  }, [expanded]);
  const rowOptions = { compact, expanded, ...(width !== undefined ? { width } : {}) };
  const rowClass = chipRowClass(null, rowOptions);
  const brand = !compact && (
    <span class="pp-brand" aria-hidden="true">
      PaperPulse
    </span>
  );

  if (view.status !== 'ready' || !index) {
    // Ready without the index state is still loading: the store has not heard from the background yet.
    const failed = view.status === 'error' ? { message: view.message, compact, onRetry } : undefined;
    return (
      <div
        class={rowClass}
        ref={rowRef}
        {...(failed ? { role: 'status' } : { 'aria-busy': 'true' })}
        data-state={failed ? 'error' : 'loading'}
      >
        {brand}
        {failed ? <ErrorNote {...failed} /> : <span class="pp-note">finding topics…</span>}
      </div>
    );
  }

  // The chips the reader took off this paper leave the row at once (the background stores them without).
  const annotation = corrections.apply(view.annotation);
  const model = chipRowModel(annotation, store.topic, (c) => describeBadge(c.topic, index, true).text, {
    ...rowOptions,
    ...(env.pageCategory ? { pageCategory: env.pageCategory } : {}),
  });
  const { chips, shown } = model;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of chips is a group, not a form's <fieldset>; the label replaces a visually hidden text node (listings draw 2000 rows)
    <div
      class={chipRowClass(model, rowOptions)}
      ref={rowRef}
      data-state="ready"
      role="group"
      aria-label="PaperPulse topics"
    >
      {brand}
      <ChipsWithCards
        chips={chips.slice(0, shown)}
        index={index}
        compact={compact}
        open={open}
        row={rowRef}
        onCorrected={corrections.changed}
        {...(paper ? { paper } : {})}
      />
      {shown < chips.length && (
        <MoreButton hidden={chips.length - shown} onExpand={() => setExpanded(true)} />
      )}
      {chips.length === 0 && <span class="pp-note">no topics found</span>}
      {paper?.arxivId && corrections.last && (
        <CorrectedNote
          arxivId={paper.arxivId}
          {...corrections.last}
          name={store.topic(corrections.last.topicId)?.name ?? corrections.last.topicId}
        />
      )}
      {!annotation.tracked && <UntrackedNote categories={annotation.categories} compact={compact} />}
    </div>
  );
}

/** "+N": the user's own click shows the row's other chips. */
function MoreButton({ hidden, onExpand }: { hidden: number; onExpand(): void }) {
  return (
    <button
      type="button"
      class="pp-more"
      aria-label={`Show ${hidden} more topics`}
      onClick={(e) => isUserEvent(e) && onExpand()}
    >
      +{hidden}
    </button>
  );
}

/** Why a row has no topics, and a way to ask again. */
function ErrorNote({
  message,
  compact,
  onRetry,
}: {
  message: string;
  compact: boolean;
  onRetry?: (() => void) | undefined;
}) {
  return (
    <>
      <span class="pp-note pp-note--error" title={message}>
        {compact ? 'PaperPulse: topics unavailable' : `Topics unavailable: ${message}`}
      </span>
      {onRetry && (
        <button type="button" class="pp-action" onClick={(e) => isUserEvent(e) && onRetry()}>
          Retry
        </button>
      )}
    </>
  );
}

/**
 * The topics the reader took off this paper while the row is on the page, the newest one (its Undo shows),
 * and the annotation without them. After "Not this topic" the chip and its card are gone: focus moves to
 * the Undo, so a keyboard reader is not dropped at the top of the page.
 */
function useCorrections(rowRef: RefObject<HTMLDivElement | null>) {
  const [removed, setRemoved] = useState<string[]>([]);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    rowRef.current?.querySelector<HTMLElement>('[data-undo-correction]')?.focus();
  }, [removed]);
  const changed = (topicId: string, notThis: boolean) => {
    moved.current = notThis;
    setRemoved((now) => [...now.filter((id) => id !== topicId), ...(notThis ? [topicId] : [])]);
  };
  return {
    last: removed.length > 0 ? { topicId: removed.at(-1)!, onCorrected: changed } : undefined,
    apply: (annotation: Annotation): Annotation =>
      removed.length === 0
        ? annotation
        : { ...annotation, tags: annotation.tags.filter((t) => !removed.includes(t.id)) },
    changed,
  };
}

interface ChipsWithCardsProps {
  chips: readonly ChipModel[];
  index: IndexInfo;
  compact: boolean;
  /** The topic whose card is open. */
  open: string | null;
  row: RefObject<HTMLDivElement | null>;
  paper?: PaperRef;
  onCorrected: OnCorrected;
}

/** The chips shown, each followed by its card when it is the open one (Tab walks from chip into card). */
function ChipsWithCards({ chips, index, compact, open, row, paper, onCorrected }: ChipsWithCardsProps) {
  return (
    <>
      {chips.map((chip) => {
        const cardId = open === chip.topic.id ? `card-${chip.topic.id}` : undefined;
        return (
          <Fragment key={chip.topic.id}>
            <TopicChip model={chip} index={index} compact={compact} cardId={cardId} />
            {cardId && (
              <TopicCard
                id={cardId}
                topic={chip.topic}
                tag={chip.tag}
                index={index}
                anchor={findChip(row.current, chip.topic.id)}
                onCorrected={onCorrected}
                {...(paper ? { paper } : {})}
              />
            )}
          </Fragment>
        );
      })}
    </>
  );
}

function findChip(row: HTMLElement | null, id: string): HTMLElement | null {
  if (!row) return null;
  for (const chip of row.querySelectorAll<HTMLElement>('[data-topic-id]')) {
    if (chip.getAttribute('data-topic-id') === id) return chip;
  }
  return null;
}
