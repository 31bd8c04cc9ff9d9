import type { EarlyAnswers } from '@/components/early-asks';
import { lazyPage } from '@/components/lazy-page';
import type { TopicPageProps } from './topic-page';

/** The topic page's code (its sections, the protocol and its schemas), loaded once. */
const useTopicPage = lazyPage(() => import('./topic-page').then((module) => module.TopicPage));

/**
 * `topic.html`'s first frame, painted while the page's code loads; the entrypoint has already asked for the
 * topic (`early`), so the background works meanwhile. Then the page replaces it, in place.
 */
export function TopicShell(props: TopicPageProps & { early?: EarlyAnswers }) {
  const { Component: TopicPage, error } = useTopicPage();
  if (TopicPage) return <TopicPage {...props} />;
  return (
    <main class="pp-page pp-topic" aria-busy="true">
      <h1 class="pp-muted">Loading topic…</h1>
      {error && (
        <p role="alert" class="pp-error">
          The topic page could not load: {error}
        </p>
      )}
    </main>
  );
}
