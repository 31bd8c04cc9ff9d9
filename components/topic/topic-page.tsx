import { useEffect, useRef } from 'preact/hooks';
import type { EarlyAnswers } from '@/components/early-asks';
import { LoadError } from '@/components/load-error';
import { MOMENTUM_BADGE_CSS } from '@/components/momentum-badge';
import { SendContext, useMessage, useSendFirstFrom } from '@/components/use-message';
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
  const [topic, reload, update] = useMessage('topic.get', topicOpeningAsks(asked)['topic.get']);
  const askInput = useRef<HTMLInputElement>(null);
  const name = topic.state === 'ready' ? topic.data.info.name : undefined;
  // An alias or a renamed id was asked for: the background answered with the topic's own id.
  const topicId = topic.state === 'ready' ? topic.data.info.id : asked;
  useEffect(() => {
    document.title = name ? `${name} · PaperPulse` : 'PaperPulse topic';
  }, [name]);
  const ready = topic.state === 'ready';
  useEffect(() => {
    if (!ready || ask === null) return;
    askInput.current?.scrollIntoView?.({ block: 'center' });
    askInput.current?.focus();
  }, [ready, ask]);
  useEffect(() => {
    if (topicId === asked) return;
    const url = new URL(location.href);
    url.searchParams.set('id', topicId);
    history.replaceState(null, '', url);
  }, [topicId, asked]);

  return (
    <main class="pp-page pp-topic" data-topic-page={topicId}>
      <style>{MOMENTUM_BADGE_CSS}</style>
      {topic.state === 'loading' && (
        <>
          <h1 class="pp-muted">Loading topic…</h1>
          <p class="pp-muted" aria-live="polite">
            Asking the index about “{topicId}”.
          </p>
        </>
      )}
      {topic.state === 'error' && (
        <>
          <h1>Topic not available</h1>
          <LoadError what={`the topic “${topicId}”`} error={topic.error} retry={reload} />
        </>
      )}
      {topic.state === 'ready' && (
        <>
          <TopicHeader
            info={topic.data.info}
            summary={topic.data.summary}
            index={topic.data.index}
            onSummary={(summary) => update((data) => ({ ...data, summary }))}
            onAsk={() => {
              askInput.current?.scrollIntoView?.({ block: 'center' });
              askInput.current?.focus();
            }}
          />
          <div class="pp-topic-columns">
            <div class="pp-topic-main">
              <MomentumSection summary={topic.data.summary} index={topic.data.index} />
              <LongerView topicId={topicId} topicName={topic.data.info.name} />
              <RisingInside topicId={topicId} topicName={topic.data.info.name} />
              <AskTopic
                topicId={topicId}
                topicName={topic.data.info.name}
                related={topic.data.related}
                initialQuestion={ask ?? undefined}
                inputRef={askInput}
              />
              <PaperList topicId={topicId} first={topic.data} cutoff={topic.data.index.cutoff} />
            </div>
            <aside class="pp-topic-aside" aria-label="About this topic">
              <RelatedTopics related={topic.data.related} />
              <TopicNeighbours topicId={topicId} />
              <TopicMute
                summary={topic.data.summary}
                onSummary={(summary) => update((data) => ({ ...data, summary }))}
              />
              <TopicDefinition info={topic.data.info} />
            </aside>
          </div>
        </>
      )}
    </main>
  );
}
