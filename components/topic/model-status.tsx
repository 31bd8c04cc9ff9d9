import type { useModelAnswer } from './use-model-answer';

const NEEDS_MODEL =
  "Written answers need Chrome's on-device model (the Prompt API); this answer is the papers' own sentences.";

/** One line on the on-device model: why there is no written answer, the download, or Stop while it writes. */
export function ModelStatus({ model }: { model: ReturnType<typeof useModelAnswer> }) {
  const { state, progress, answer } = model;
  const line = (text: string) => (
    <p class="pp-muted" data-model-state={state}>
      {text}
    </p>
  );
  switch (state) {
    case 'checking':
      return null;
    case 'unavailable':
      return line(NEEDS_MODEL);
    case 'downloadable':
      return (
        <p data-model-state={state}>
          Chrome can write this answer with its on-device model, once it has downloaded the model (a few
          gigabytes, one time; your question stays on this computer).{' '}
          <button type="button" class="pp-button" onClick={model.start} data-model-download>
            Download the model and write an answer
          </button>
        </p>
      );
    case 'downloading':
      return (
        <p data-model-state={state}>
          <label>
            Downloading Chrome's on-device model: {Math.round(progress * 100)}%{' '}
            <progress max={1} value={progress} />
          </label>
        </p>
      );
    case 'writing':
      return (
        <p data-model-state={state}>
          Writing with Chrome's on-device model, from the retrieved papers only…{' '}
          <button type="button" class="pp-button" onClick={model.stop} data-model-stop>
            Stop
          </button>
        </p>
      );
    case 'done':
      return line(
        `Written by Chrome's on-device model from the retrieved abstracts.${answer?.dropped ? ` ${answer.dropped} sentence${answer.dropped === 1 ? '' : 's'} that cited no retrieved paper left out.` : ''}`,
      );
    case 'stopped':
      return line('Stopped.');
    case 'empty':
      return line(
        "The on-device model's answer cited none of the papers; this is the papers' own sentences.",
      );
    case 'overflow':
      return line(
        "The abstracts do not fit the on-device model's context window; this is the papers' own sentences.",
      );
    case 'failed':
      return line(`The on-device model failed (${model.error}); this is the papers' own sentences.`);
  }
}
