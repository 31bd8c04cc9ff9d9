/** How much of a long line is shown either side of the error. */
const CONTEXT = 40;

export interface CaretView {
  /** The text of the line (or the part of it around the error) that is shown. */
  line: string;
  /** Column of the caret under `line`. */
  column: number;
  /** 1-based line number, for multi-line queries. */
  lineNumber: number;
}

/**
 * Where to draw the `^` for an error at `position` (0-based, in characters) of `query`: the line holding
 * it, cut around the error when long, tabs shown as spaces so the caret lines up.
 */
export function caretView(query: string, position: number): CaretView {
  const at = Math.min(Math.max(0, Math.trunc(Number.isFinite(position) ? position : 0)), query.length);
  const lineStart = query.lastIndexOf('\n', at - 1) + 1;
  const nextBreak = query.indexOf('\n', at);
  const lineEnd = nextBreak === -1 ? query.length : nextBreak;
  const lineNumber = query.slice(0, lineStart).split('\n').length;
  let line = query.slice(lineStart, lineEnd).replace(/[\t\r]/g, ' ');
  let column = at - lineStart;
  if (line.length > 2 * CONTEXT) {
    const from = Math.max(0, column - CONTEXT);
    const to = Math.min(line.length, column + CONTEXT);
    const head = from > 0 ? '…' : '';
    line = `${head}${line.slice(from, to)}${to < line.length ? '…' : ''}`;
    column = column - from + head.length;
  }
  return { line, column, lineNumber };
}

interface QueryErrorProps {
  id: string;
  query: string;
  error: { position: number; message: string };
}

/** A query's error under the query: the line with a caret at the position, then the message. */
export function QueryError({ id, query, error }: QueryErrorProps) {
  const view = caretView(query, error.position);
  const where =
    view.lineNumber > 1
      ? `line ${view.lineNumber}, character ${view.column + 1}`
      : `character ${Math.min(error.position, query.length) + 1}`;
  return (
    <div id={id} class="pp-query-error" data-query-error={error.position}>
      <pre class="pp-caret" aria-hidden="true">
        <code>
          {view.line}
          {'\n'}
          {' '.repeat(view.column)}^
        </code>
      </pre>
      <p class="pp-error">
        {error.message} (at {where})
      </p>
    </div>
  );
}
