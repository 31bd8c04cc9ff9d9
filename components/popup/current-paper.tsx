import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { abstractHref } from '@/components/paper-card';
import { SaveButton } from '@/components/saved/save-button';
import { useSavedIds } from '@/components/saved/use-saved-ids';
import { useSend } from '@/components/use-message';
import { errorText } from '@/lib/messages/client';
import type { Annotation, IndexInfo, TopicSummary } from '@/lib/messages/schemas';
import { type PaperOfUrl, paperOfUrl } from '@/lib/sites/paper-of-url';
import { TopicList } from './topic-list';

/** The URL of the tab the popup was opened over (undefined when the browser does not say). */
export async function activeTabUrl(): Promise<string | undefined> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.url;
}

type Shown =
  | { state: 'none' }
  | { state: 'loading'; paper: PaperOfUrl }
  | { state: 'error'; paper: PaperOfUrl; error: string }
  | { state: 'ready'; paper: PaperOfUrl; annotation?: Annotation; topics: TopicSummary[]; index: IndexInfo };

/**
 * The paper of the current tab with its topics. Works from the URL alone, so arXiv PDFs (which have no
 * page to decorate) get their topics here.
 */
export function CurrentPaper({
  tabUrl = activeTabUrl,
  onFollowChange,
}: {
  tabUrl?: () => Promise<string | undefined>;
  onFollowChange?: (topic: TopicSummary) => void;
}) {
  const { shown, replaceTopic } = useCurrentPaper(tabUrl);
  const arxivId = shown.state === 'none' ? undefined : shown.paper.arxivId;
  const [saved, markSaved] = useSavedIds(arxivId ? [arxivId] : []);

  if (shown.state === 'none') return null;
  const { paper } = shown;
  const name = paper.arxivId ? `arXiv:${paper.arxivId}` : `doi:${paper.doi}`;
  const title = shown.state === 'ready' && shown.annotation?.title ? shown.annotation.title : name;
  const changed = (topic: TopicSummary) => {
    replaceTopic(topic);
    onFollowChange?.(topic);
  };
  return (
    <section class="pp-section pp-current-paper" aria-labelledby="pp-current-heading" data-current-paper>
      <h2 id="pp-current-heading">This tab’s paper</h2>
      <p class="pp-current-title">
        {paper.arxivId ? (
          <a href={abstractHref(paper.arxivId)} target="_blank" rel="noopener">
            {title}
          </a>
        ) : (
          title
        )}
      </p>
      {arxivId && (
        <div class="pp-paper-actions">
          <SaveButton
            id={arxivId}
            title={title}
            saved={saved.has(arxivId)}
            onChange={(isSaved) => markSaved(arxivId, isSaved)}
            small
          />
        </div>
      )}
      <CurrentTopics shown={shown} onChange={changed} />
    </section>
  );
}

/**
 * The paper of the tab's URL (none when the URL names no paper) and its topics, asked of the background;
 * `replaceTopic` shows a topic as it now is (after Follow).
 */
function useCurrentPaper(tabUrl: () => Promise<string | undefined>) {
  const send = useSend();
  const [shown, setShown] = useState<Shown>({ state: 'none' });

  useEffect(() => {
    let current = true;
    void (async () => {
      const url = await tabUrl().catch(() => undefined);
      const paper = url ? paperOfUrl(url) : null;
      if (!paper || !current) return;
      setShown({ state: 'loading', paper });
      try {
        const ref = { ...paper, title: '', authors: [], categories: [] };
        const answer = await send('papers.annotate', { papers: [ref] });
        const annotation = answer.results[0];
        const topics = (annotation?.tags ?? [])
          .map((tag) => answer.topics[tag.id])
          .filter((topic): topic is TopicSummary => topic !== undefined);
        if (current) setShown({ state: 'ready', paper, annotation, topics, index: answer.index });
      } catch (error) {
        if (current) setShown({ state: 'error', paper, error: errorText(error) });
      }
    })();
    return () => {
      current = false;
    };
  }, [send, tabUrl]);

  const replaceTopic = (topic: TopicSummary) =>
    setShown((old) =>
      old.state === 'ready'
        ? { ...old, topics: old.topics.map((t) => (t.id === topic.id ? topic : t)) }
        : old,
    );
  return { shown, replaceTopic };
}

/** The paper's topics, each with Follow; or that they are being found, could not be, or there are none. */
function CurrentTopics({ shown, onChange }: { shown: Shown; onChange: (topic: TopicSummary) => void }) {
  if (shown.state === 'loading') return <p class="pp-muted">Finding its topics…</p>;
  if (shown.state === 'error')
    return (
      <p role="alert" class="pp-error">
        Could not tag this paper: {shown.error}
      </p>
    );
  if (shown.state !== 'ready') return null;
  if (shown.topics.length === 0)
    return (
      <p class="pp-empty">
        {shown.annotation?.inIndex === false
          ? 'No topics found: the paper is not in the index yet and its URL alone says little.'
          : 'No topics found for this paper.'}
      </p>
    );
  return (
    <TopicList topics={shown.topics} index={shown.index} onChange={onChange} label="Topics of this paper" />
  );
}
