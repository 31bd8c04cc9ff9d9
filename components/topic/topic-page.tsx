import { useMessage } from '../use-message';

export function TopicPage({ topicId }: { topicId: string }) {
  const [status] = useMessage('status.get', {});
  return (
    <main class="pp-topic">
      <h1>{topicId || 'No topic given'}</h1>
      {status.state === 'ready' && <p data-index-status>{status.data.papers} papers indexed</p>}
      {status.state === 'error' && <p role="alert">{status.error}</p>}
    </main>
  );
}
