import { useEffect, useRef, useState } from 'preact/hooks';
import type { IndexStatus } from '@/lib/messages/schemas';
import { useAction, useSend } from '../use-message';

/** Deletes the index and starts it again from arXiv, after an explicit confirmation. */
export function ResetIndex({
  papers,
  onStatus,
}: {
  papers: number | undefined;
  onStatus: (status: IndexStatus) => void;
}) {
  const send = useSend();
  const reset = useAction();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    // Focus goes to the safe choice when the question opens, and back to its button when it closes.
    if (confirming) cancelButton.current?.focus();
    else if (wasConfirming.current) openButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const confirm = () =>
    reset.run(async () => {
      onStatus(await send('index.reset', {}));
      setConfirming(false);
      setDone(true);
    });

  return (
    <div class="pp-reset">
      <h3>Start over</h3>
      <p class="pp-muted">
        If the index looks wrong, delete it and fetch it again. This takes a few minutes at arXiv’s pace.
      </p>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="pp-reset-question" class="pp-confirm" data-reset-confirm>
          <p id="pp-reset-question">
            Delete {papers === undefined ? 'all' : `all ${papers.toLocaleString('en-US')}`} indexed papers and
            fetch them again from arXiv? Your follows, custom topics and settings stay.
          </p>
          <div class="pp-actions">
            <button
              type="button"
              class="pp-button pp-danger"
              onClick={confirm}
              disabled={reset.pending}
              data-reset-yes
            >
              Delete and rebuild
            </button>
            <button type="button" class="pp-button" ref={cancelButton} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          class="pp-button"
          ref={openButton}
          onClick={() => {
            setDone(false);
            setConfirming(true);
          }}
          data-reset
        >
          Reset the index…
        </button>
      )}
      {reset.error && (
        <p role="alert" class="pp-error">
          Could not reset the index: {reset.error}
        </p>
      )}
      {done && <p role="status">The index was deleted; it is being rebuilt from arXiv.</p>}
    </div>
  );
}
