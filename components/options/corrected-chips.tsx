import { abstractHref, topicHref } from '@/components/paper-card';
import { LoadError } from '../load-error';
import { useAction, useMessage, useSend } from '../use-message';

/**
 * The topics you took off papers ("Not this topic" in a chip's card), newest first, each with Undo: the
 * paper is then counted and listed under the topic again.
 */
export function CorrectedChips({ reloadKey = 0 }: { reloadKey?: number }) {
  const [answer, reload, update] = useMessage('corrections.list', {}, [reloadKey]);
  if (answer.state === 'loading') return <p class="pp-muted">Loading your corrections…</p>;
  if (answer.state === 'error')
    return <LoadError what="your corrections" error={answer.error} retry={reload} />;
  const { corrections } = answer.data;
  if (corrections.length === 0)
    return (
      <p class="pp-empty" data-no-corrections>
        No corrections. “Not this topic” in a chip’s card takes a wrong tag off a paper.
      </p>
    );
  const undone = (id: string, topic: string) =>
    update((data) => ({
      corrections: data.corrections
        .map((c) => (c.id === id ? { ...c, topics: c.topics.filter((t) => t.id !== topic) } : c))
        .filter((c) => c.topics.length > 0),
    }));
  return (
    <ul class="pp-corrections" data-corrections-list>
      {corrections.map((c) => (
        <li key={c.id} data-corrected-paper={c.id}>
          <a href={abstractHref(c.id)} target="_blank" rel="noopener">
            {c.title || `arXiv:${c.id}`}
          </a>
          {c.topics.map((topic) => (
            <span key={topic.id} class="pp-corrected-topic">
              {' '}
              not <a href={topicHref(topic.id)}>{topic.name}</a>{' '}
              <UndoCorrection paperId={c.id} topicId={topic.id} name={topic.name} onUndone={undone} />
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

function UndoCorrection(props: {
  paperId: string;
  topicId: string;
  name: string;
  onUndone(id: string, topic: string): void;
}) {
  const send = useSend();
  const { pending, error, run } = useAction();
  const undo = async () => {
    const done = await run(() =>
      send('paper.correct', { id: props.paperId, topic: props.topicId, notThis: false }),
    );
    if (done) props.onUndone(props.paperId, props.topicId);
  };
  return (
    <>
      <button
        type="button"
        class="pp-link-button"
        disabled={pending}
        data-undo-correction={props.topicId}
        onClick={undo}
      >
        Undo<span class="pp-visually-hidden"> “not {props.name}”</span>
      </button>
      {error && (
        <span role="alert" class="pp-error-inline">
          {error}
        </span>
      )}
    </>
  );
}
