import { useEffect, useRef } from 'preact/hooks';
import type { EarlyAnswers } from '@/components/early-asks';
import { LoadError } from '@/components/load-error';
import { MOMENTUM_BADGE_CSS } from '@/components/momentum-badge';
import { type Loadable, SendContext, useMessage, useSendFirstFrom } from '@/components/use-message';
import type { ResponseOf } from '@/lib/messages/protocol';
import type { TopicSummary } from '@/lib/messages/schemas';
import { AskTopic } from './ask-topic';
import { LongerView } from './longer-view';
import { MomentumSection } from './momentum-section';
import { PaperList } from './paper-list';
import { RelatedTopics } from './related-topics';
import { RisingInside } from './rising-inside';
import { topicOpeningAsks } from './topic-asks';
import { TopicDefinition } from './topic-definition';
import { TopicHeader } from './topic-header';
import { TopicMute } from './topic-mute';
import { TopicNeighbours } from './topic-neighbours';

export interface TopicPageProps {
  topicId: string;
  ask?: string | null | undefined;
  /** The topic asked for by the entrypoint before the first render (components/early-asks.ts). */
  early?: EarlyAnswers | undefined;
}

/** The extension's page for one topic (`topic.html?id=TOPIC_ID`), modelled on the reference topic page. */
export function TopicPage({ topicId, ask, early }: TopicPageProps) {
  const send = useSendFirstFrom(early);
  if (!topicId) {
    return (
      <main class="pp-page pp-topic">
        <h1>No topic given</h1>
        <p class="pp-empty">
          This page shows one topic: open it from a topic tag, the toolbar popup, or a link like
          topic.html?id=agentic-rl.
        </p>
      </main>
    );
  }
  return (
    <SendContext.Provider value={send}>
      <TopicView topicId={topicId} ask={ask ?? null} />
    </SendContext.Provider>
  );
}

/** `ask`: the page's `ask=` parameter (null without one): Ask is scrolled to and focused, its question asked. */
function TopicView({ topicId: asked, ask }: { topicId: string; ask: string | null }) {
  const opening = topicOpeningAsks(asked);
  // The head (kept counts) is drawn first; the papers and related topics (read from the index) join it.
  const [head, reload, update] = useMessage('topic.head', opening['topic.head']);
  const [list, reloadList] = useMessage('topic.get', opening['topic.get']);
  const askInput = useRef<HTMLInputElement>(null);
  // An alias or a renamed id was asked for: the background answered with the topic's own id.
  const topicId = head.state === 'ready' ? head.data.info.id : asked;
  usePageTitleAndUrl(head.state === 'ready' ? head.data.info.name : undefined, topicId, asked);
  const ready = head.state === 'ready';
  useEffect(() => {
    if (!ready || ask === null) return;
    askInput.current?.scrollIntoView?.({ block: 'center' });
    askInput.current?.focus();
  }, [ready, ask]);
  const onSummary = (summary: TopicSummary) => update((data) => ({ ...data, summary }));
  const related = list.state === 'ready' ? list.data.related : [];
  // Sections that ask the background on their own wait for the papers: asked beside them, they slowed them.
  const listed = list.state !== 'loading';

  return (
    <main class="pp-page pp-topic" data-topic-page={topicId}>
      <style>{MOMENTUM_BADGE_CSS}</style>
      {head.state === 'loading' && (
        <>
          <h1 class="pp-muted">Loading topic…</h1>
          <p class="pp-muted" aria-live="polite">
            Asking the index about “{topicId}”.
          </p>
        </>
      )}
      {head.state === 'error' && (
        <>
          <h1>Topic not available</h1>
          <LoadError what={`the topic “${topicId}”`} error={head.error} retry={reload} />
        </>
      )}
      {head.state === 'ready' && (
        <>
          <TopicHeader
            info={head.data.info}
            summary={head.data.summary}
            index={head.data.index}
            onSummary={onSummary}
            onAsk={() => {
              askInput.current?.scrollIntoView?.({ block: 'center' });
              askInput.current?.focus();
            }}
          />
          <div class="pp-topic-columns">
            <div class="pp-topic-main">
              <MomentumSection summary={head.data.summary} index={head.data.index} />
              <LongerView topicId={topicId} topicName={head.data.info.name} />
              {listed && <RisingInside topicId={topicId} topicName={head.data.info.name} />}
              <AskTopic
                topicId={topicId}
                topicName={head.data.info.name}
                related={related}
                initialQuestion={ask ?? undefined}
                inputRef={askInput}
              />
              <TopicPapers topicId={topicId} list={list} retry={reloadList} cutoff={head.data.index.cutoff} />
            </div>
            <aside class="pp-topic-aside" aria-label="About this topic">
              {list.state === 'ready' && <RelatedTopics related={related} />}
              {listed && <TopicNeighbours topicId={topicId} />}
              <TopicMute summary={head.data.summary} onSummary={onSummary} />
              <TopicDefinition info={head.data.info} />
            </aside>
          </div>
        </>
      )}
    </main>
  );
}

/** The tab's title is the topic's name; the address moves to the topic's own id when an alias was asked. */
function usePageTitleAndUrl(name: string | undefined, topicId: string, asked: string) {
  useEffect(() => {
    document.title = name ? `${name} · PaperPulse` : 'PaperPulse topic';
  }, [name]);
  useEffect(() => {
    if (topicId === asked) return;
    const url = new URL(location.href);
    url.searchParams.set('id', topicId);
    history.replaceState(null, '', url);
  }, [topicId, asked]);
}

/** The papers' section: its first page comes with the page's opening topic.get. */
function TopicPapers({
  topicId,
  list,
  retry,
  cutoff,
}: {
  topicId: string;
  list: Loadable<ResponseOf<'topic.get'>>;
  retry: () => void;
  cutoff: number | null;
}) {
  if (list.state === 'ready') return <PaperList topicId={topicId} first={list.data} cutoff={cutoff} />;
  return (
    <section class="pp-section" aria-labelledby="pp-papers-heading">
      <h2 id="pp-papers-heading">Latest papers</h2>
      {list.state === 'loading' ? (
        <p class="pp-muted" data-papers-loading>
          Reading the topic's papers…
        </p>
      ) : (
        <LoadError what="the topic's papers" error={list.error} retry={retry} />
      )}
    </section>
  );
}
