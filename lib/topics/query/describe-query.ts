import type { CompiledQuery, QueryNode } from './query-ast';

/**
 * A canonical rendering of a compiled query: explicit AND, every term with its own field prefix, and
 * parentheses only where precedence needs them. It compiles back to the same query (unless the explicit
 * ANDs and prefixes take it past MAX_QUERY_LENGTH), so it can be shown as "what counts as this topic" and
 * pasted back in.
 */
export function describeQuery(query: CompiledQuery): string {
  return render(query.root, 'top');
}

/** Where a node is rendered: at the top (or inside OR's own brackets), in an AND chain, or as a group operand. */
type Context = 'top' | 'and' | 'not';

const FIELD_PREFIX = { text: '', ti: 'ti:', abs: 'abs:' } as const;

function render(node: QueryNode, context: Context): string {
  switch (node.type) {
    case 'or': {
      // A conjunction inside OR is bracketed although AND binds tighter: arXiv reads operators left to
      // right, so `a OR (b AND c)` is the one spelling both kinds of reader take the same way.
      const text = node.children.map((child) => render(child, 'not')).join(' OR ');
      return context === 'top' ? text : `(${text})`;
    }
    case 'and': {
      const text = [
        node.all.map((child) => render(child, 'and')).join(' AND '),
        ...node.none.map((child) => `ANDNOT ${render(child, 'not')}`),
      ].join(' ');
      // After ANDNOT a whole conjunction must stay grouped: `a ANDNOT (b AND c)`.
      return context === 'not' ? `(${text})` : text;
    }
    case 'text':
      return FIELD_PREFIX[node.field] + term(node.display, node.quoted);
    case 'author':
      return `au:${term(node.display, node.quoted)}`;
    case 'category':
      return `cat:${node.display}`;
    case 'topic':
      return `topic:${node.id}`;
  }
}

function term(display: string, quoted: boolean): string {
  return quoted ? `"${display}"` : display;
}
