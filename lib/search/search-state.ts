import { z } from 'zod';
import { defineMetaKey } from '../store/meta';
import { TOKENIZER_VERSION } from '../text/words';

/**
 * What the stored search index is as a whole, kept in `meta` and changed in the same transaction as the
 * postings and documents it describes.
 * `format`: the terms and record layout it was built with; `tokenizer`: the word splitting
 * (lib/text/words.ts TOKENIZER_VERSION; absent in an index built before it was recorded). A build of the
 * extension with another SEARCH_FORMAT or TOKENIZER_VERSION empties the index and builds it again from the
 * papers (lib/search/build-search.ts).
 */
export const SEARCH_FORMAT = 2;

export interface SearchState {
  format: number;
  tokenizer?: number | undefined;
  /** The number the next indexed document gets. */
  nextDoc: number;
  /** Documents indexed and current (for BM25's N and average length). */
  live: number;
  totalLength: number;
  /** Topic ids by number (documents keep their topics as these numbers); only ever appended to. */
  topics: string[];
  /** The build from stored papers: papers with ids up to `after` are indexed; `done` once all are. */
  build: { after?: string | undefined; done: boolean };
}

export const EMPTY_SEARCH: SearchState = {
  format: SEARCH_FORMAT,
  tokenizer: TOKENIZER_VERSION,
  nextDoc: 0,
  live: 0,
  totalLength: 0,
  topics: [],
  build: { done: false },
};

const SearchStateSchema: z.ZodType<SearchState> = z.object({
  format: z.number(),
  tokenizer: z.number().optional(),
  nextDoc: z.number().int().min(0),
  live: z.number(),
  totalLength: z.number(),
  topics: z.array(z.string()),
  build: z.object({ after: z.string().optional(), done: z.boolean() }),
});

/**
 * A missing or unreadable state reads as an empty index of an unknown format: the build empties whatever the
 * stores hold and starts over, rather than trusting postings it cannot account for. Writes of papers leave an
 * index of another format alone until then.
 */
const stateKey = defineMetaKey<SearchState>('search', 1, SearchStateSchema, { ...EMPTY_SEARCH, format: 0 });

/** Whether the stored index was built as this build of the extension builds it (else it is rebuilt). */
export function isCurrentSearch(state: SearchState): boolean {
  return state.format === SEARCH_FORMAT && state.tokenizer === TOKENIZER_VERSION;
}

/** The state as a copy its reader may change (a key's fallback value is shared). */
export const searchState = {
  key: stateKey.key,
  async read(source: Parameters<typeof stateKey.read>[0]): Promise<SearchState> {
    const state = await stateKey.read(source);
    return { ...state, topics: [...state.topics], build: { ...state.build } };
  },
  write: stateKey.write,
};

/** The number of a topic in the state's list, added when new. */
export function topicNumber(state: SearchState, topic: string, numbers: Map<string, number>): number {
  let n = numbers.get(topic);
  if (n === undefined) {
    n = state.topics.length;
    state.topics.push(topic);
    numbers.set(topic, n);
  }
  return n;
}
