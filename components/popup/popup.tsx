import { useMessage } from '../use-message';

export function Popup() {
  const [status] = useMessage('status.get', {});
  return (
    <main class="pp-popup">
      <h1>PaperPulse</h1>
      {status.state === 'loading' && <p>Loading…</p>}
      {status.state === 'error' && <p role="alert">{status.error}</p>}
      {status.state === 'ready' && (
        <p data-index-status>
          {status.data.papers} papers indexed in {status.data.categories.join(', ')}
        </p>
      )}
    </main>
  );
}
