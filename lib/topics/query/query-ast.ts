/**
 * The compiled form of a user-topic query: a small boolean tree whose leaves are already normalised, so
 * matching never re-reads the query text.
 *
 * AND and ANDNOT chains are kept n-ary (`all` / `none`), OR chains likewise, so the tree is only as deep as
 * the parentheses (bounded by MAX_QUERY_DEPTH) however long the query is: every recursive walk is safe.
 */

export const MAX_QUERY_LENGTH = 2000;
export const MAX_QUERY_DEPTH = 50;
/**
 * Words in one phrase: far more than any topic name or title needs, and what lets a phrase be matched
 * with one 32-bit mask per word of the text (match-query.ts), in time linear in the text.
 */
export const MAX_PHRASE_WORDS = 32;

/** `text` = no prefix: title and abstract. */
export type TextField = 'text' | 'ti' | 'abs';
export type QueryField = TextField | 'au' | 'cat' | 'topic';

/** One word of a text term: its stem, or its exact spelling when it is an acronym (RL, LLM, 3DGS). */
export interface TermToken {
  key: string;
  caseSensitive: boolean;
}

export type QueryNode =
  | {
      type: 'text';
      field: TextField;
      /** Consecutive words; a single word is a phrase of one. Empty when `prefix` is set. */
      tokens: TermToken[];
      /** Lower-case prefix of a wildcard word (`agent*`), matched against the paper's words. */
      prefix?: string;
      /** The term as the user wrote it, for describeQuery. */
      display: string;
      quoted: boolean;
    }
  | {
      type: 'author';
      /** Folded (lower case, no diacritics) name words, all of which must belong to one author. */
      words: string[];
      prefix?: string;
      display: string;
      quoted: boolean;
    }
  | {
      type: 'category';
      /** Lower case: `cs.ro`, or the archive (`cs`, `hep-th`) when `archive` is set. */
      value: string;
      archive: boolean;
      display: string;
    }
  | {
      type: 'topic';
      /** A pack topic id (`llm-agents`): matches a paper the tagger gave that topic (or a child of it). */
      id: string;
    }
  | { type: 'or'; children: QueryNode[] }
  | { type: 'and'; all: QueryNode[]; none: QueryNode[] };

/** Opaque to callers: build one with compileQuery. */
export interface CompiledQuery {
  readonly kind: 'compiled-query';
  readonly source: string;
  /** @internal */
  readonly root: QueryNode;
}

/**
 * Counts units of work so tests can check that compiling and matching grow linearly with their input,
 * without timing anything.
 */
export interface WorkMeter {
  steps: number;
}

/** A syntax error found while compiling; caught by compileQuery and returned, never thrown to callers. */
export class QuerySyntaxError extends Error {
  constructor(
    readonly position: number,
    message: string,
  ) {
    super(message);
    this.name = 'QuerySyntaxError';
  }
}

/** A piece of the query quoted in an error message, cut short so a huge word does not make a huge message. */
export function excerpt(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 37)}...`;
}
