import { topicHref } from '@/components/paper-card';

interface RelatedTopicsProps {
  related: readonly { id: string; name: string; count: number }[];
}

/** The topics that most often tag the same papers. */
export function RelatedTopics({ related }: RelatedTopicsProps) {
  return (
    <section class="pp-section" aria-labelledby="pp-related-heading">
      <h2 id="pp-related-heading">Related topics</h2>
      {related.length === 0 ? (
        <p class="pp-empty">
          No related topics yet: no other topic shares papers with this one in your index.
        </p>
      ) : (
        <ul class="pp-related" data-related>
          {related.map((topic) => (
            <li key={topic.id}>
              <a class="pp-tag" href={topicHref(topic.id)} data-related-topic={topic.id}>
                {topic.name}
              </a>{' '}
              <span class="pp-muted">
                {topic.count.toLocaleString('en-US')} {topic.count === 1 ? 'paper' : 'papers'} in common
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
