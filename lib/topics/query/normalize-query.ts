import type { QueryNode, WorkMeter } from './query-ast';

/**
 * Flattens what parentheses nested without need, so equivalent queries get the same tree and the same
 * rendering: `(a OR (b OR c))` is one OR of three, and `(a ANDNOT b) AND c` is a and c and not b (a group
 * that is not negated merges into the AND around it). Operands keep the order they were written in.
 *
 * One pass: every node is visited once, so this is linear in the query however deep the groups go.
 */
export function normalizeQuery(node: QueryNode, meter: WorkMeter): QueryNode {
  meter.steps++;
  switch (node.type) {
    case 'or': {
      const children: QueryNode[] = [];
      collectOr(node, children, meter);
      return children.length === 1 && children[0] ? children[0] : { type: 'or', children };
    }
    case 'and': {
      const all: QueryNode[] = [];
      const none: QueryNode[] = [];
      collectAnd(node, all, none, meter);
      return all.length === 1 && none.length === 0 && all[0] ? all[0] : { type: 'and', all, none };
    }
    default:
      return node;
  }
}

function collectOr(node: QueryNode & { type: 'or' }, into: QueryNode[], meter: WorkMeter): void {
  for (const child of node.children) {
    meter.steps++;
    if (child.type === 'or') collectOr(child, into, meter);
    else into.push(normalizeQuery(child, meter));
  }
}

function collectAnd(
  node: QueryNode & { type: 'and' },
  all: QueryNode[],
  none: QueryNode[],
  meter: WorkMeter,
): void {
  for (const child of node.all) {
    meter.steps++;
    if (child.type === 'and') collectAnd(child, all, none, meter);
    else all.push(normalizeQuery(child, meter));
  }
  for (const child of node.none) {
    meter.steps++;
    none.push(normalizeQuery(child, meter));
  }
}
