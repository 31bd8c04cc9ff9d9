import { lexQuery } from './lex-query';
import { normalizeQuery } from './normalize-query';
import { parseQuery } from './parse-query';
import { type CompiledQuery, MAX_QUERY_LENGTH, QuerySyntaxError, type WorkMeter } from './query-ast';

export type QueryResult =
  | { ok: true; query: CompiledQuery }
  | { ok: false; error: { position: number; message: string } };

/** Message for a failure that is not a syntax error; a bug, which the fuzz test looks for. */
export const INTERNAL_ERROR_MESSAGE = 'This query could not be read';

/**
 * Compiles a user-topic query (grammar and precedence: see parse-query.ts). Never throws: a bad query
 * gives an error with a 0-based position in the query and a message meant for the person who typed it.
 */
export function compileQuery(query: string): QueryResult {
  return compileQueryMetered(query, { steps: 0 });
}

export function compileQueryMetered(query: string, meter: WorkMeter): QueryResult {
  try {
    if (typeof query !== 'string') throw new QuerySyntaxError(0, 'Empty query');
    if (query.length > MAX_QUERY_LENGTH) {
      throw new QuerySyntaxError(
        MAX_QUERY_LENGTH,
        `Query is too long: ${query.length} characters, at most ${MAX_QUERY_LENGTH}`,
      );
    }
    const tokens = lexQuery(query, meter);
    const root = normalizeQuery(parseQuery(tokens, query.length, meter), meter);
    return { ok: true, query: { kind: 'compiled-query', source: query, root } };
  } catch (error) {
    if (error instanceof QuerySyntaxError) {
      return { ok: false, error: { position: error.position, message: error.message } };
    }
    // Promised never to throw; a bug must not take the caller (a service worker) down with it.
    return { ok: false, error: { position: 0, message: INTERNAL_ERROR_MESSAGE } };
  }
}
