import { FollowButton } from '@/components/follow-button';
import type { IndexStatus, TopicSummary } from '@/lib/message-schemas';

/**
 * Suggested when nothing is trending yet (an index still filling has no momentum): well-known topics of
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
  /** Trending topics when the index has momentum already; else the starters are suggested. */
  suggestions: readonly TopicSummary[];
  followedIds: ReadonlySet<string>;
  onFollowChange: (topic: TopicSummary) => void;
  openOptions: () => void;
}

/** Shown while the user follows nothing: what the extension is doing, how to change it, what to follow. */
export function FirstRun({ status, suggestions, followedIds, onFollowChange, openOptions }: FirstRunProps) {
  const topics =
    suggestions.length > 0
      ? suggestions.slice(0, 5)
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
            <FollowButton topic={topic} onChange={onFollowChange} />
          </li>
        ))}
      </ul>
    </section>
  );
}
