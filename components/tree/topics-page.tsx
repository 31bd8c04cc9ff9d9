import { useEffect, useMemo, useState } from 'preact/hooks';
import { LoadError } from '@/components/load-error';
import { MOMENTUM_BADGE_CSS } from '@/components/momentum-badge';
import { useMessage } from '@/components/use-message';
import type { ResponseOf } from '@/lib/messages/protocol';
import { COMPARED_WITH } from '@/lib/momentum/wording';
import { buildTree, filterTree, type TreeNode, topicMatches } from '@/lib/tree/topic-tree';
import { CompareChart, MAX_COMPARED } from './compare-chart';
import { compareTopics, TREE_ORDERS, type TreeOrder } from './tree-order';
import { TreeRow } from './tree-row';

type Topic = ResponseOf<'topics.tree'>['topics'][number];

interface TopicsPageProps {
  /** Topic ids to compare from the URL (`topics.html?compare=a,b`). */
  initialCompare?: string[];
  onCompareChange?: (ids: string[]) => void;
}

/** `topics.html`: the whole pack as a tree with momentum and counts, searchable, and a compare chart. */
export function TopicsPage({ initialCompare = [], onCompareChange }: TopicsPageProps) {
  const [answer, reload] = useMessage('topics.tree', {});
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<TreeOrder>('papers');
  const { compare, toggle } = useCompared(initialCompare, onCompareChange);
  useEffect(() => {
    document.title = 'All topics · PaperPulse';
  }, []);
  const tree = useMemo(
    () => (answer.state === 'ready' ? buildTree(answer.data.topics, compareTopics(order)) : null),
    [answer, order],
  );

  if (answer.state !== 'ready' || !tree) {
    return (
      <main class="pp-page pp-wide">
        <h1>All topics</h1>
        {answer.state === 'error' ? (
          <LoadError what="the topic tree" error={answer.error} retry={reload} />
        ) : (
          <p class="pp-muted">Loading topics…</p>
        )}
      </main>
    );
  }
  const { topics, all, index } = answer.data;
  const byId = new Map(topics.map((t) => [t.id, t]));
  const row = (topic: Topic, extra: { alsoIn?: string[]; childCount?: number } = {}) => (
    <TreeRow
      topic={topic}
      index={index}
      compared={compare.includes(topic.id)}
      canCompare={compare.length < MAX_COMPARED}
      onCompare={toggle}
      alsoIn={(extra.alsoIn ?? []).map((p) => byId.get(p)?.name ?? p)}
      childCount={extra.childCount ?? 0}
    />
  );
  const roots = filterTree(tree.roots, query);
  const categories = tree.categories.filter((t) => topicMatches(t, query));
  const chosen = compare.map((id) => byId.get(id)).filter((t): t is Topic => t !== undefined);

  return (
    <main class="pp-page pp-wide" data-topics-page>
      <style>{MOMENTUM_BADGE_CSS}</style>
      <h1>All topics</h1>
      <p class="pp-muted">
        {topics.length.toLocaleString('en-US')} topics. Counts are papers in the index over the chart weeks; a
        rising or cooling badge shows the change in {COMPARED_WITH}.
      </p>
      <CompareSection chosen={chosen} all={all} index={index} />
      <section class="pp-section" aria-labelledby="pp-tree-heading">
        <h2 id="pp-tree-heading">Research topics</h2>
        <TreeControls query={query} onQuery={setQuery} order={order} onOrder={setOrder} />
        <p class="pp-muted" aria-live="polite" data-tree-shown>
          {query.trim() ? `${countNodes(roots) + categories.length} topics match “${query.trim()}”.` : ''}
        </p>
        <TreeList nodes={roots} open={query.trim() !== ''} row={row} />
      </section>
      <section class="pp-section" aria-labelledby="pp-categories-heading">
        <h2 id="pp-categories-heading">arXiv categories</h2>
        <ul class="pp-tree">
          {categories.map((t) => (
            <li key={t.id} data-topic-id={t.id}>
              {row(t)}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

/** Find a topic, and the order siblings come in. */
function TreeControls(props: {
  query: string;
  onQuery(query: string): void;
  order: TreeOrder;
  onOrder(order: TreeOrder): void;
}) {
  return (
    <search>
      <label for="pp-tree-filter">Find a topic by name or alias </label>
      <input
        id="pp-tree-filter"
        type="search"
        value={props.query}
        onInput={(e) => props.onQuery(e.currentTarget.value)}
        data-tree-filter
      />{' '}
      <label for="pp-tree-order">Sort by </label>
      <select
        id="pp-tree-order"
        value={props.order}
        onChange={(e) => props.onOrder(e.currentTarget.value as TreeOrder)}
        data-tree-order
      >
        {TREE_ORDERS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </search>
  );
}

/** The topics ticked "compare" (at most MAX_COMPARED, the latest kept), told to `onChange` as they change. */
function useCompared(initial: string[], onChange: TopicsPageProps['onCompareChange']) {
  const [compare, setCompare] = useState(initial.slice(0, MAX_COMPARED));
  useEffect(() => onChange?.(compare), [compare.join(',')]);
  const toggle = (id: string, on: boolean) =>
    setCompare((old) =>
      on ? [...old.filter((x) => x !== id), id].slice(0, MAX_COMPARED) : old.filter((x) => x !== id),
    );
  return { compare, toggle };
}

type TreeAnswer = ResponseOf<'topics.tree'>;

/** The compare chart of the chosen topics, or a hint on how to choose them. */
function CompareSection({
  chosen,
  all,
  index,
}: {
  chosen: Topic[];
  all: TreeAnswer['all'];
  index: TreeAnswer['index'];
}) {
  return (
    <section class="pp-section" aria-labelledby="pp-compare-heading">
      <h2 id="pp-compare-heading">Compare topics</h2>
      {chosen.length < 2 ? (
        <p class="pp-muted" data-compare-hint>
          Tick “compare” on two to five topics below to see their weekly shares on one chart
          {chosen.length === 1 ? ` (chosen: ${chosen[0]!.name})` : ''}.
        </p>
      ) : (
        <CompareChart topics={chosen} all={all} index={index} />
      )}
    </section>
  );
}

function TreeList({
  nodes,
  open,
  row,
}: {
  nodes: TreeNode<Topic>[];
  open: boolean;
  row: (t: Topic, extra: { alsoIn?: string[]; childCount?: number }) => preact.JSX.Element;
}) {
  return (
    <ul class="pp-tree">
      {nodes.map((node) => (
        <li key={node.topic.id} data-topic-id={node.topic.id}>
          {node.children.length === 0 ? (
            row(node.topic, { alsoIn: node.alsoIn })
          ) : (
            <details open={open}>
              <summary>{row(node.topic, { alsoIn: node.alsoIn, childCount: node.children.length })}</summary>
              <TreeList nodes={node.children} open={open} row={row} />
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

function countNodes(nodes: TreeNode<Topic>[]): number {
  return nodes.reduce((n, node) => n + 1 + countNodes(node.children), 0);
}
