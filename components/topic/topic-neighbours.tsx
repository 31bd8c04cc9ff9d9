import { topicHref } from '@/components/paper-card';
import { useMessage } from '@/components/use-message';
import { neighbours } from '@/lib/tree/topic-tree';

/**
 * Where the topic sits in the pack: its subtopics and its siblings (other children of its parents), and
 * "Compare with…", which opens the tree with this topic ticked for the compare chart.
 */
export function TopicNeighbours({ topicId }: { topicId: string }) {
  const [tree] = useMessage('topics.tree', {});
  const near = tree.state === 'ready' ? neighbours(tree.data.topics, topicId) : null;
  const list = (label: string, key: string, topics: { id: string; name: string }[]) =>
    topics.length > 0 && (
      <>
        <h3>{label}</h3>
        <ul class="pp-related" data-neighbours={key}>
          {topics.map((t) => (
            <li key={t.id}>
              <a class="pp-tag" href={topicHref(t.id)} data-neighbour-topic={t.id}>
                {t.name}
              </a>
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <section class="pp-section" aria-labelledby="pp-neighbours-heading">
      <h2 id="pp-neighbours-heading">In the topic tree</h2>
      {near && list('Subtopics', 'children', near.children)}
      {near && list('Siblings', 'siblings', near.siblings.slice(0, 24))}
      {near && near.children.length === 0 && near.siblings.length === 0 && (
        <p class="pp-empty">No subtopics or siblings in the pack.</p>
      )}
      <p>
        <a href={`/topics.html?compare=${encodeURIComponent(topicId)}`} data-compare-with>
          Compare with other topics…
        </a>
        {' · '}
        <a href="/topics.html">All topics</a>
      </p>
    </section>
  );
}
