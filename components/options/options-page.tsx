import { useMessage } from '../use-message';

export function OptionsPage() {
  const [status] = useMessage('status.get', {});
  return (
    <main class="pp-options">
      <h1>PaperPulse settings</h1>
      {status.state === 'ready' && (
        <p data-index-status>Tracked categories: {status.data.categories.join(', ')}</p>
      )}
      {status.state === 'error' && <p role="alert">{status.error}</p>}
    </main>
  );
}
