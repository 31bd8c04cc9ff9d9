import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { EarlyAnswers } from '@/components/early-asks';
import { emergingView, keepEmerging, readKeptEmerging } from '@/components/emerging/kept-emerging';
import { LoadError } from '@/components/load-error';
import { MOMENTUM_BADGE_CSS } from '@/components/momentum-badge';
import { type Loadable, SendContext, useMessage, useSendFirstFrom } from '@/components/use-message';
import type { IndexInfo, IndexStatus } from '@/lib/messages/schemas';
import { CurrentPaper } from './current-paper';
import { EmergingList } from './emerging-list';
import { FirstRun } from './first-run';
import { FollowedList, sortFollowed } from './followed-list';
import type { FollowedTopic } from './followed-row';
import { IndexStatusPanel } from './index-status';
import { OPENING_ASKS } from './opening-asks';
import { ResearchLinks } from './research-links';
import { TopicSearch } from './topic-search';
import { TrendingList } from './trending-list';

export interface PopupProps {
  tabUrl?: () => Promise<string | undefined>;
  openOptions?: () => void;
  /** How often the status is asked again while a backfill runs. */
  pollMs?: number;
  /** The opening asks, started by the entrypoint before the first render (components/early-asks.ts). */
  early?: EarlyAnswers;
}

const EMPTY_INDEX: IndexInfo = { categories: [], cutoff: null, filling: true, progress: 0 };

/**
 * The toolbar popup. On open it asks four things (follows, status, trending, emerging; answered from the
 * early asks when the entrypoint started them) and nothing heavy is imported here: tagging and momentum
 * happen in the background.
 */
export function Popup({ early, ...props }: PopupProps) {
  return (
    <SendContext.Provider value={useSendFirstFrom(early)}>
      <PopupSections {...props} />
    </SendContext.Provider>
  );
}

function PopupSections({
  tabUrl,
  openOptions = () => void browser.runtime.openOptionsPage(),
  pollMs = 2000,
}: PopupProps) {
  const [followsAnswer, reloadFollows] = useMessage('follows.list', OPENING_ASKS['follows.list']);
  const [status, reloadStatus, updateStatus] = useMessage('status.get', OPENING_ASKS['status.get']);
  const [trending, reloadTrending] = useMessage('topics.trending', OPENING_ASKS['topics.trending']);
  const [emerging, reloadEmerging, kept] = useKeptEmerging();
  const [follows, setFollows] = useFollowedRows(followsAnswer);

  const reloadCounts = useCallback(() => {
    void reloadFollows();
    void reloadTrending();
    void reloadEmerging();
  }, [reloadFollows, reloadTrending, reloadEmerging]);
  useBackfillPolling(status, reloadStatus, pollMs, reloadCounts);

  const followChanged = useCallback(() => void reloadFollows(), [reloadFollows]);
  const index = followsAnswer.state === 'ready' ? followsAnswer.data.index : EMPTY_INDEX;
  const followedIds = new Set((follows ?? []).map((topic) => topic.id));

  return (
    <main class="pp-page pp-popup">
      <style>{MOMENTUM_BADGE_CSS}</style>
      <header class="pp-popup-header">
        <h1>PaperPulse</h1>
        <button type="button" class="pp-link-button" onClick={openOptions} data-open-options>
          Settings
        </button>
      </header>
      <ResearchLinks />
      <CurrentPaper tabUrl={tabUrl} onFollowChange={followChanged} />
      {follows?.length === 0 && status.state === 'ready' && (
        <FirstRun
          status={status.data}
          followedIds={followedIds}
          onFollowChange={followChanged}
          openOptions={openOptions}
        />
      )}
      {followsAnswer.state === 'error' ? (
        <LoadError what="your followed topics" error={followsAnswer.error} retry={reloadFollows} />
      ) : follows === undefined ? (
        <p class="pp-muted">Loading followed topics…</p>
      ) : (
        <FollowedList follows={follows} index={index} onChange={setFollows} />
      )}
      <TopicSearch index={index} onFollowChange={followChanged} />
      {trending.state === 'error' ? (
        <LoadError what="trending topics" error={trending.error} retry={reloadTrending} />
      ) : trending.state === 'ready' ? (
        <TrendingList
          topics={trending.data.topics}
          index={trending.data.index}
          onFollowChange={followChanged}
        />
      ) : null}
      {emerging.state === 'error' ? (
        <LoadError what="emerging phrases" error={emerging.error} retry={reloadEmerging} />
      ) : emerging.state === 'ready' ? (
        <EmergingList view={emergingView(emerging.data)} />
      ) : kept ? (
        <EmergingList view={kept} kept />
      ) : null}
      {status.state === 'error' ? (
        <LoadError what="the index status" error={status.error} retry={reloadStatus} />
      ) : status.state === 'ready' ? (
        <IndexStatusPanel status={status.data} onStatus={(next: IndexStatus) => updateStatus(() => next)} />
      ) : (
        <p class="pp-muted">Loading index status…</p>
      )}
    </main>
  );
}

/** Emerging's answer, and the last one shown, drawn in the first frame until the background's replaces it. */
function useKeptEmerging() {
  const [emerging, reloadEmerging] = useMessage('discover.emerging', OPENING_ASKS['discover.emerging']);
  const kept = useMemo(() => readKeptEmerging(), []);
  useEffect(() => {
    if (emerging.state === 'ready') keepEmerging(emergingView(emerging.data));
  }, [emerging]);
  return [emerging, reloadEmerging, kept] as const;
}

/**
 * While a backfill runs the progress bar moves: ask for the status again `pollMs` after each answer (never
 * two at once). When it ends, counts and trends have changed: `onEnd` reloads them.
 */
function useBackfillPolling(
  status: Loadable<IndexStatus>,
  reloadStatus: () => Promise<void>,
  pollMs: number,
  onEnd: () => void,
) {
  const running = status.state === 'ready' && status.data.running;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) onEnd();
    wasRunning.current = running;
  }, [running, onEnd]);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => void reloadStatus(), pollMs);
    return () => clearTimeout(timer);
  }, [status, running, pollMs, reloadStatus]);
}

/**
 * The followed rows: the background's answer, sorted, in the same render that brings it (an effect would show
 * them a frame later, after a render without them), and the list's own changes (marked seen, unfollowed) until
 * the next answer replaces them.
 */
function useFollowedRows(
  answer: Loadable<{ follows: FollowedTopic[] }>,
): [FollowedTopic[] | undefined, (next: FollowedTopic[]) => void] {
  const answered = useMemo(
    () => (answer.state === 'ready' ? sortFollowed(answer.data.follows) : undefined),
    [answer],
  );
  const [edited, setEdited] = useState<{ base: FollowedTopic[] | undefined; list: FollowedTopic[] }>();
  const rows = edited && edited.base === answered ? edited.list : answered;
  return [rows, (list) => setEdited({ base: answered, list })];
}
