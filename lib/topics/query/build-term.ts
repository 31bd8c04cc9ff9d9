import { tokenize } from '../../text/tokens';
import { foldName } from './fold-name';
import {
  excerpt,
  MAX_PHRASE_WORDS,
  type QueryField,
  type QueryNode,
  QuerySyntaxError,
  type TermToken,
} from './query-ast';

/**
 * Turns one word or quoted phrase into a leaf of the query tree, according to the field it sits in.
 * Words and phrases go through the shared `tokenize`, so the query and the paper meet in the same form.
 */

const ACRONYM_SHAPE = /^[\p{Lu}\p{N}]+$/u;
const UPPER = /\p{Lu}/gu;
// arXiv categories: `cs.RO`, `hep-th`, `cond-mat.mes-hall`, `q-bio.NC`.
const CATEGORY = /^[A-Za-z]+(?:-[A-Za-z]+)*(?:\.[A-Za-z]+(?:-[A-Za-z]+)*)?$/;
const ARCHIVE_WILDCARD = /^([A-Za-z]+(?:-[A-Za-z]+)*)\.\*$/;
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/** ALL CAPS with at least two letters (RL, LLM, 3DGS): matched on the paper's exact spelling. */
export function isAcronym(raw: string): boolean {
  return ACRONYM_SHAPE.test(raw) && (raw.match(UPPER)?.length ?? 0) >= 2;
}

export interface TermSource {
  text: string;
  pos: number;
  quoted: boolean;
}

export function buildTerm(field: QueryField, source: TermSource): QueryNode {
  if (field === 'cat') return buildCategory(source);
  if (field === 'topic') return buildTopic(source);
  const prefix = wildcardPrefix(source);
  if (field === 'au') {
    if (prefix !== undefined)
      return { type: 'author', words: [], prefix: foldName(prefix), ...shown(source) };
    // NFC first: a decomposed 'ü' would otherwise split the word at its combining mark.
    const words = tokenize(source.text.normalize('NFC')).map((t) => foldName(t.raw));
    if (words.length === 0) throw noWords(source);
    return { type: 'author', words, ...shown(source) };
  }
  if (prefix !== undefined)
    return { type: 'text', field, tokens: [], prefix: prefix.toLowerCase(), ...shown(source) };
  const tokens: TermToken[] = tokenize(source.text).map((t) =>
    isAcronym(t.raw) ? { key: t.raw, caseSensitive: true } : { key: t.stem, caseSensitive: false },
  );
  if (tokens.length === 0) throw noWords(source);
  if (tokens.length > MAX_PHRASE_WORDS) {
    const what = source.quoted ? 'A quoted phrase' : 'A hyphenated term';
    throw new QuerySyntaxError(
      source.pos,
      `${what} can have at most ${MAX_PHRASE_WORDS} words; this one has ${tokens.length}`,
    );
  }
  return { type: 'text', field, tokens, ...shown(source) };
}

function shown(source: TermSource): { display: string; quoted: boolean } {
  return { display: source.text, quoted: source.quoted };
}

function noWords(source: TermSource): QuerySyntaxError {
  return new QuerySyntaxError(source.pos, `'${excerpt(source.text)}' has no letters or digits to search for`);
}

/** The prefix of `agent*`, or undefined for a word without a wildcard; a misplaced `*` is an error. */
function wildcardPrefix(source: TermSource): string | undefined {
  const star = source.text.indexOf('*');
  if (star < 0) return undefined;
  if (source.quoted) {
    // The lexer reports this at the star itself; this is the fallback for phrases from elsewhere.
    throw new QuerySyntaxError(source.pos, "'*' works on single words, not inside quoted phrases");
  }
  if (star !== source.text.length - 1) {
    throw new QuerySyntaxError(source.pos + star, "'*' can only end a word, as in agent* (prefix search)");
  }
  const prefix = source.text.slice(0, -1);
  if (!PLAIN_WORD.test(prefix)) {
    throw new QuerySyntaxError(
      source.pos,
      `A prefix search needs plain letters or digits before '*', as in agent*`,
    );
  }
  if (prefix.length < 2) {
    throw new QuerySyntaxError(source.pos, `A prefix search needs at least 2 letters before '*'`);
  }
  return prefix;
}

const TOPIC_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `topic:llm-agents`: a pack topic by its id, as topic pages and `pulse tag` show it. */
function buildTopic(source: TermSource): QueryNode {
  if (source.quoted || !TOPIC_ID.test(source.text)) {
    throw new QuerySyntaxError(
      source.pos,
      `'${excerpt(source.text)}' is not a topic id; write one like topic:llm-agents (lower case, with hyphens)`,
    );
  }
  return { type: 'topic', id: source.text };
}

function buildCategory(source: TermSource): QueryNode {
  const text = source.text;
  const archive = ARCHIVE_WILDCARD.exec(text)?.[1];
  if (archive !== undefined) {
    return { type: 'category', value: archive.toLowerCase(), archive: true, display: `${archive}.*` };
  }
  if (!CATEGORY.test(text)) {
    throw new QuerySyntaxError(
      source.pos,
      `'${excerpt(text)}' is not an arXiv category; write one like cs.RO, or cs (or cs.*) for a whole archive`,
    );
  }
  // `cat:cs` (no subject class) means the whole archive, like `cat:cs.*`.
  const isArchive = !text.includes('.');
  return {
    type: 'category',
    value: text.toLowerCase(),
    archive: isArchive,
    display: isArchive ? `${text}.*` : text,
  };
}
