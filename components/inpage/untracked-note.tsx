import { useState } from 'preact/hooks';
import { userGesture } from '@/lib/content/user-event';
import { errorText } from '@/lib/messages/client';
import { useInpageEnv } from './inpage-env';

type TrackState = { step: 'idle' } | { step: 'busy' } | { step: 'done' } | { step: 'error'; message: string };

/** A paper outside the tracked categories: says so, and offers to track its primary category. */
export function UntrackedNote({ categories, compact }: { categories: readonly string[]; compact: boolean }) {
  const env = useInpageEnv();
  const [state, setState] = useState<TrackState>({ step: 'idle' });
  const category = categories[0];
  const where = category ?? 'its category';
  if (state.step === 'done') {
    return <span class="pp-note">Tracking {where}: momentum once the index has its papers.</span>;
  }
  const track = async (e: Event) => {
    // Tracking starts arXiv queries: only the user's own click or key press does it, never a page script's.
    const gesture = userGesture(e);
    if (!category || !gesture) return;
    setState({ step: 'busy' });
    try {
      await env.send('category.track', { category }, gesture);
      setState({ step: 'done' });
      env.refresh?.();
    } catch (e) {
      setState({ step: 'error', message: errorText(e, 120) });
    }
  };
  return (
    <>
      <span class="pp-note" data-untracked>
        {compact ? `${where} not tracked` : `${where} is not tracked: momentum unknown.`}
      </span>
      {category && (
        <button
          type="button"
          class="pp-action"
          data-action="track"
          disabled={state.step === 'busy'}
          onClick={track}
        >
          Track {category}
        </button>
      )}
      {state.step === 'error' && (
        <span class="pp-note pp-note--error" role="alert">
          {state.message}
        </span>
      )}
    </>
  );
}
