import { useState } from 'preact/hooks';
import { userGesture } from '@/lib/content/user-event';
import { errorText } from '@/lib/messages/client';
import { useInpageEnv } from './inpage-env';

/** How a row learns that the reader took a topic off its paper, or put it back. */
export type OnCorrected = (topicId: string, notThis: boolean) => void;

/** Sends a correction on a trusted event only: a page script's click takes nothing off a paper. */
export function useCorrect(arxivId: string, onCorrected: OnCorrected) {
  const env = useInpageEnv();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const correct = async (event: Event, topicId: string, notThis: boolean) => {
    const gesture = userGesture(event);
    if (!gesture || busy) return;
    setBusy(true);
    setError(null);
    try {
      await env.send('paper.correct', { id: arxivId, topic: topicId, notThis }, gesture);
      onCorrected(topicId, notThis);
    } catch (e) {
      setError(`Could not save: ${errorText(e, 120)}`);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, correct };
}

/**
 * "Not this topic" in a chip's card: the tag is wrong for this paper. The chip leaves the row (with an Undo
 * there), and the paper leaves the topic's counts and lists for this reader (lib/background/correcting.ts).
 */
export function NotThisTopic(props: { arxivId: string; topicId: string; onCorrected: OnCorrected }) {
  const { busy, error, correct } = useCorrect(props.arxivId, props.onCorrected);
  return (
    <>
      <button
        type="button"
        class="pp-action"
        data-action="not-this"
        aria-disabled={busy}
        title="This paper is not about this topic: take the tag off it"
        onClick={(e) => correct(e, props.topicId, true)}
      >
        Not this topic
      </button>
      {error && (
        <span class="pp-card-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/** The row's note after a correction: which topic was taken off, and Undo. */
export function CorrectedNote(props: {
  arxivId: string;
  topicId: string;
  name: string;
  onCorrected: OnCorrected;
}) {
  const { busy, error, correct } = useCorrect(props.arxivId, props.onCorrected);
  return (
    <span class="pp-note pp-corrected" data-corrected={props.topicId} role="status">
      Not “{props.name}” ·{' '}
      <button
        type="button"
        class="pp-action"
        data-undo-correction={props.topicId}
        aria-disabled={busy}
        onClick={(e) => correct(e, props.topicId, false)}
      >
        Undo
      </button>
      {error && <span class="pp-card-error">{error}</span>}
    </span>
  );
}
