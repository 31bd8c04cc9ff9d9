import { useContext, useEffect, useReducer, useState } from 'preact/hooks';
import type { PaperSelection } from '@/lib/content/paper-selection';
import { isUserEvent, userGesture } from '@/lib/content/user-event';
import { MAX_LEARN_EXAMPLES } from '@/lib/discover/learn-page';
import { errorText } from '@/lib/messages/client';
import { InpageEnvContext, useInpageEnv } from './inpage-env';

/** Re-renders the caller when the page's selection changes. */
function useSelectionIds(selection: PaperSelection | undefined): readonly string[] {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => selection?.subscribe(() => bump(0)), [selection]);
  return selection?.ids() ?? [];
}

/**
 * "Use as an example" in a chip's card: picks the paper for a topic learned from examples, across the
 * page's rows; with papers picked, "Learn a topic from these" opens the options page with them. Acts only
 * on the user's own click (a page script can click our open shadow root too).
 */
export function UseAsExample({ arxivId }: { arxivId: string }) {
  const { selection } = useInpageEnv();
  const ids = useSelectionIds(selection);
  if (!selection) return null;
  const picked = ids.includes(arxivId);
  const full = !picked && ids.length >= MAX_LEARN_EXAMPLES;
  return (
    <>
      <button
        type="button"
        class="pp-action"
        data-action="example"
        aria-pressed={picked}
        aria-disabled={full}
        onClick={(event) => isUserEvent(event) && !full && selection.toggle(arxivId, !picked)}
      >
        {picked ? '✓ Example' : '+ Use as an example'}
      </button>
      <LearnFromExamples />
    </>
  );
}

/** With papers picked on the page: "Learn a topic from these N papers" and "Clear". */
export function LearnFromExamples() {
  // Optional: a bar drawn without the page's surroundings (tests of the filters alone) offers nothing.
  const env = useContext(InpageEnvContext);
  const ids = useSelectionIds(env?.selection);
  const [error, setError] = useState<string | null>(null);
  if (!env?.selection || !env.openLearn || ids.length === 0) return null;
  const open = (event: Event) => {
    const gesture = userGesture(event);
    if (!gesture) return;
    setError(null);
    env.openLearn?.(ids, gesture).catch((e: unknown) => setError(`Could not open: ${errorText(e, 120)}`));
  };
  return (
    <span class="pp-learn-examples" data-learn-examples={ids.length}>
      <button type="button" class="pp-action" data-action="learn" onClick={open}>
        Learn a topic from these {ids.length} {ids.length === 1 ? 'paper' : 'papers'}
      </button>
      <button
        type="button"
        class="pp-action"
        data-action="clear-examples"
        onClick={(event) => isUserEvent(event) && env.selection?.clear()}
      >
        Clear
      </button>
      {error && (
        <span class="pp-card-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
