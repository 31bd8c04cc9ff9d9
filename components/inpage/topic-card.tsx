import type { RefObject } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { userGesture } from '@/lib/content/user-event';
import { errorText } from '@/lib/messages/client';
import type { IndexInfo, PaperTag, TopicSummary } from '@/lib/messages/schemas';
import { withWeeks } from '@/lib/momentum/weekly-counts';
import { momentumSentence } from '@/lib/momentum/wording';
import type { PaperRef } from '@/lib/paper';
import { formatDay } from '../format-date';
import { Sparkline } from '../sparkline';
import { describeExpansion } from '../topic-expansion';
import { placeCard } from './card-position';
import { EvidenceList } from './evidence-list';
import { useInpageEnv } from './inpage-env';
import { UseAsExample } from './learn-examples';
import { NotThisTopic, type OnCorrected } from './not-this-topic';
import { SavePaper } from './save-paper';

export interface TopicCardProps {
  id: string;
  topic: TopicSummary;
  tag: PaperTag;
  index: IndexInfo;
  /** The chip the card belongs to: the card is placed next to it. */
  anchor: HTMLElement | null;
  /** The paper the chip is on: asked about again when its tag came without evidence. */
  paper?: PaperRef;
  /** The reader took the topic off the paper ("Not this topic"), or put it back. */
  onCorrected?: OnCorrected;
}

const KIND_LABEL = { category: 'arXiv category', fine: 'Research topic', user: 'Your topic' } as const;

/**
 * The card a chip opens: the momentum sentence, the 12-week chart, why the paper has the tag, and
 * Follow / Mute / topic page. A manual popover where the browser has them (else fixed-positioned), placed
 * next to its chip.
 */
export function TopicCard({ id, topic, tag, index, anchor, paper, onCorrected }: TopicCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  useCardPlacement(ref, anchor);
  const actions = useTopicActions(topic);
  return (
    <div
      class="pp-card"
      id={id}
      ref={ref}
      role="dialog"
      aria-label={`${topic.name}: momentum and actions`}
      popover="manual"
    >
      <h2>{topic.name}</h2>
      <div class="pp-card-kind">
        {topic.expansion ? `${describeExpansion(topic.name, topic.expansion)} · ` : ''}
        {KIND_LABEL[topic.kind]}
      </div>
      <p data-momentum-sentence>{sentenceFor(topic, index)}</p>
      {topic.weekly.length > 0 && (
        <div class="pp-card-chart">
          <Sparkline
            weeks={withWeeks(topic.weekly, index.cutoff)}
            label={topic.name}
            width={316}
            height={36}
            axis
          />
        </div>
      )}
      {index.cutoff !== null && <p class="pp-card-fresh">Data through {formatDay(index.cutoff)}.</p>}
      <h3>Why this tag</h3>
      <EvidenceList tag={tag} {...(paper ? { paper } : {})} />
      <div class="pp-card-actions">
        {/* aria-disabled, not disabled: disabling the focused button would drop focus and close the card. */}
        <button
          type="button"
          class="pp-action"
          data-action="follow"
          aria-disabled={actions.busy}
          onClick={actions.follow}
        >
          {topic.followed ? 'Unfollow' : 'Follow'}
        </button>
        <button
          type="button"
          class="pp-action"
          data-action="mute"
          aria-disabled={actions.busy}
          onClick={actions.mute}
        >
          {topic.muted ? 'Unmute' : 'Mute'}
        </button>
        <a href={actions.topicUrl} target="_blank" rel="noopener noreferrer" onClick={actions.openTopic}>
          Topic page
        </a>
        <a
          href={`${actions.topicUrl}&ask=`}
          target="_blank"
          rel="noopener noreferrer"
          onClick={actions.askTopic}
          data-action="ask"
        >
          Ask
        </a>
        {paper?.arxivId && <SavePaper paper={{ ...paper, arxivId: paper.arxivId }} />}
        {paper?.arxivId && <UseAsExample arxivId={paper.arxivId} />}
        {paper?.arxivId && onCorrected && topic.kind !== 'category' && (
          <NotThisTopic arxivId={paper.arxivId} topicId={topic.id} onCorrected={onCorrected} />
        )}
      </div>
      {actions.error && (
        <p class="pp-card-error" role="alert">
          {actions.error}
        </p>
      )}
    </div>
  );
}

/**
 * Shows the card in the top layer where the browser can, and keeps it next to its chip while the page
 * scrolls or resizes.
 */
function useCardPlacement(ref: RefObject<HTMLDivElement | null>, anchor: HTMLElement | null) {
  useLayoutEffect(() => {
    const card = ref.current;
    const view = card?.ownerDocument.defaultView;
    if (!card || !view) return;
    // In the top layer the card escapes the listing row's containment and clipping (and any transform or
    // overflow of the page around it); it stays after its chip in the DOM, so Tab still walks into it.
    if (typeof card.showPopover === 'function') {
      try {
        card.showPopover();
      } catch {
        // Already shown, or the element left the document: placed below as it is.
      }
    }
    if (!anchor) return;
    const place = () => {
      const rect = anchor.getBoundingClientRect();
      const at = placeCard(
        { top: rect.top, left: rect.left, width: rect.width, height: rect.height },
        { width: card.offsetWidth, height: card.offsetHeight },
        { width: view.innerWidth, height: view.innerHeight },
      );
      card.style.top = `${at.top}px`;
      card.style.left = `${at.left}px`;
    };
    place();
    // The card is fixed to the viewport: it follows its chip when the page scrolls or resizes.
    view.addEventListener('scroll', place, { capture: true, passive: true });
    view.addEventListener('resize', place);
    return () => {
      view.removeEventListener('scroll', place, { capture: true });
      view.removeEventListener('resize', place);
    };
  }, [anchor]);
}

/** Follow, mute and open the topic page, one at a time, on the user's own click or key press only. */
function useTopicActions(topic: TopicSummary) {
  const env = useInpageEnv();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (call: () => Promise<TopicSummary>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      env.store.put(await call());
    } catch (e) {
      setError(`Could not save: ${errorText(e, 120)}`);
    } finally {
      setBusy(false);
    }
  };
  // Only the user's own click or key press acts (a page script can click our open shadow root too).
  const follow = (e: Event) => {
    const gesture = userGesture(e);
    if (gesture) act(() => env.send('topic.follow', { id: topic.id, follow: !topic.followed }, gesture));
  };
  const mute = (e: Event) => {
    const gesture = userGesture(e);
    if (gesture) act(() => env.send('topic.mute', { id: topic.id, mute: !topic.muted }, gesture));
  };
  // "Ask" opens the topic page at its Ask, the question box focused (topic.html?id=…&ask=).
  const open = (ask: boolean) => (e: Event) => {
    const gesture = userGesture(e);
    // A page script's click neither navigates nor asks the background for a tab.
    if (!gesture) return e.preventDefault();
    if (!env.openTopic) return;
    e.preventDefault();
    env
      .openTopic(topic.id, gesture, ask)
      .catch((err: unknown) => setError(`Could not open: ${errorText(err, 120)}`));
  };
  return {
    busy,
    error,
    follow,
    mute,
    openTopic: open(false),
    askTopic: open(true),
    topicUrl: env.topicUrl(topic.id),
  };
}

/** The momentum sentence, or an honest reason why there is none. */
export function sentenceFor(topic: TopicSummary, index: IndexInfo): string {
  if (index.filling) {
    const pct = Math.max(0, Math.min(100, Math.floor(index.progress * 100)));
    return `Momentum not known yet: the index is still filling (${pct}%). Tags come from the paper’s own text.`;
  }
  if (!topic.momentum)
    return 'No momentum figure for this topic yet: the index has no papers of it to count.';
  return momentumSentence(topic.momentum, index.categories.join(', '));
}
