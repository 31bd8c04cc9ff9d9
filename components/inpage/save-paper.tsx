import { useEffect, useState } from 'preact/hooks';
import { userGesture } from '@/lib/content/user-event';
import { errorText } from '@/lib/messages/client';
import type { PaperRef } from '@/lib/paper';
import { useInpageEnv } from './inpage-env';

/**
 * "Save paper" in a chip's card: puts the paper on the reading list (saved.html). Acts only on a trusted
 * event: the host page's own scripts can click it through the open shadow root, and they are not the user.
 */
export function SavePaper({ paper }: { paper: PaperRef & { arxivId: string } }) {
  const env = useInpageEnv();
  const [saved, setSaved] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = paper.arxivId;

  useEffect(() => {
    let live = true;
    env.send('saved.status', { ids: [id] }).then(
      (answer) => live && setSaved(answer.saved.includes(id)),
      () => live && setSaved(false),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const toggle = async (event: Event) => {
    const gesture = userGesture(event);
    if (!gesture || busy || saved === null) return;
    setBusy(true);
    setError(null);
    try {
      setSaved((await env.send('paper.save', { id, save: !saved, paper }, gesture)).saved);
    } catch (e) {
      setError(`Could not save: ${errorText(e, 120)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* aria-disabled, not disabled: disabling the focused button would drop focus and close the card. */}
      <button
        type="button"
        class="pp-action"
        data-action="save"
        aria-pressed={saved === true}
        aria-disabled={busy || saved === null}
        onClick={toggle}
      >
        {saved ? '★ Saved' : '☆ Save paper'}
      </button>
      {error && (
        <span class="pp-card-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
