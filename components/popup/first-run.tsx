import { FollowButton } from '@/components/follow-button';
import { MomentumBadge } from '@/components/momentum-badge';
import { useMessage } from '@/components/use-message';
import type { IndexStatus, TopicSummary } from '@/lib/messages/schemas';

/**
 * Suggested while the index cannot rank topics yet (still filling, no momentum): well-known topics of
 * the default categories. A test checks that every id is in the topic pack.
 */
export const STARTER_TOPICS: readonly { id: string; name: string }[] = [
  { id: 'agentic-rl', name: 'Agentic RL' },
  { id: 'llm-agents', name: 'LLM Agents' },
  {
    id: 'reinforcement-learning-with-verifiable-rewards',
    name: 'Reinforcement Learning with Verifiable Rewards',
  },
  { id: 'multimodal-large-language-models', name: 'Multimodal Large Language Models' },
  { id: 'world-models', name: 'World Models' },
];

interface FirstRunProps {
  status: IndexStatus;
  followedIds: ReadonlySet<string>;
  onFollowChange: (topic: TopicSummary) => void;
  openOptions: () => void;
}

/** Shown while the user follows nothing: what the extension is doing, how to change it, what to follow. */
export function FirstRun({ status, followedIds, onFollowChange, openOptions }: FirstRunProps) {
  // The largest and the rising topics of the tracked categories, once the index can say which they are.
  const [suggested] = useMessage('topics.suggested', { limit: 6 }, [status.running]);
  const ranked =
    suggested.state === 'ready' && !suggested.data.index.filling
      ? suggested.data.topics.filter((topic) => !followedIds.has(topic.id))
      : [];
  const index = suggested.state === 'ready' ? suggested.data.index : undefined;
  const topics: (Pick<TopicSummary, 'id' | 'name' | 'followed'> & { summary?: TopicSummary })[] =
    ranked.length > 0
      ? ranked.map((summary) => ({ ...summary, summary }))
      : STARTER_TOPICS.map((topic) => ({ ...topic, followed: followedIds.has(topic.id) }));
  return (
    <section class="pp-section pp-first-run" aria-labelledby="pp-first-run-heading" data-first-run>
      <h2 id="pp-first-run-heading">Welcome to PaperPulse</h2>
      <p>
        {status.running
          ? `Building your index: fetching recent papers in ${status.categories.join(', ')} from arXiv.`
          : `Your index covers ${status.categories.join(', ')}.`}{' '}
        Everything stays in this browser.
      </p>
      <p>
        <button type="button" class="pp-link-button" onClick={openOptions} data-change-categories>
          Change the categories
        </button>
      </p>
      <h3>Suggested topics to follow</h3>
      <ul class="pp-topic-list" aria-label="Suggested topics">
        {topics.map((topic) => (
          <li key={topic.id} class="pp-topic-item" data-suggested-topic-id={topic.id}>
            <span class="pp-topic-link">{topic.name}</span>
            {topic.summary && index && <MomentumBadge summary={topic.summary} index={index} compact />}
            {topic.summary?.momentum && (
              <span class="pp-counts">{topic.summary.momentum.recent} papers in four weeks</span>
            )}
            <FollowButton topic={topic} onChange={onFollowChange} />
          </li>
        ))}
      </ul>
    </section>
  );
}
