import { useState } from 'preact/hooks';

/** "Copy answer with references": the answer as plain text (lib/ask/answer-text.ts) on the clipboard. */
export function CopyAnswer({ text }: { text: () => string }) {
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setStatus('Copied, with references.');
    } catch {
      setStatus('The browser did not allow copying.');
    }
  };
  return (
    <p class="pp-ask-copy">
      <button type="button" class="pp-button" onClick={copy} data-ask-copy>
        Copy answer with references
      </button>{' '}
      <span role="status">{status}</span>
    </p>
  );
}
