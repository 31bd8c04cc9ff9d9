/**
 * The search index's table of documents, DOC_BLOCK numbers a record: which paper a number is, its first-version
 * time, its length (for BM25) and its topics (as numbers of the index's topic list), in typed arrays, so that
 * reading the table for every match of a broad query (tens of thousands) is a few copies of bytes, not
 * tens of thousands of objects. A slot whose id is '' is free (not yet used, or the paper's text changed and it
 * was indexed again under a new number).
 */

export const DOC_BLOCK = 1024;

export interface DocBlockRecord {
  block: number;
  /** Paper ids of the block's slots, joined by '\n'. */
  ids: string;
  published: Float64Array;
  lengths: Uint16Array;
  /** End offset in `topics` of each slot's topics. */
  topicEnds: Uint32Array;
  topics: Uint16Array;
}

/** A block opened for changes. */
export interface DocSlots {
  block: number;
  ids: string[];
  published: number[];
  lengths: number[];
  topics: number[][];
}

export function docBlockOf(doc: number): number {
  return Math.floor(doc / DOC_BLOCK);
}

export function emptySlots(block: number): DocSlots {
  return {
    block,
    ids: new Array<string>(DOC_BLOCK).fill(''),
    published: new Array<number>(DOC_BLOCK).fill(0),
    lengths: new Array<number>(DOC_BLOCK).fill(0),
    topics: Array.from({ length: DOC_BLOCK }, () => []),
  };
}

export function openSlots(record: DocBlockRecord | undefined, block: number): DocSlots {
  if (!record) return emptySlots(block);
  const view = readDocBlock(record);
  return {
    block,
    ids: [...view.ids],
    published: [...record.published],
    lengths: [...record.lengths],
    topics: Array.from({ length: DOC_BLOCK }, (_, i) => view.topicsOf(i)),
  };
}

export function closeSlots(slots: DocSlots): DocBlockRecord {
  const topicEnds = new Uint32Array(DOC_BLOCK);
  const total = slots.topics.reduce((n, t) => n + t.length, 0);
  const topics = new Uint16Array(total);
  let at = 0;
  slots.topics.forEach((list, i) => {
    topics.set(list, at);
    at += list.length;
    topicEnds[i] = at;
  });
  return {
    block: slots.block,
    ids: slots.ids.join('\n'),
    published: Float64Array.from(slots.published),
    lengths: Uint16Array.from(slots.lengths, (n) => Math.min(n, 0xffff)),
    topicEnds,
    topics,
  };
}

/** A stored block, read without copying: the id of a slot, its time, length and topics. */
export interface DocBlockView {
  ids: readonly string[];
  published: Float64Array;
  lengths: Uint16Array;
  topicsOf(slot: number): number[];
  hasTopic(slot: number, topic: number): boolean;
  /** Adds one to `counts[t]` for each topic t of the slot (a query's facets, without an array a slot). */
  countTopics(slot: number, counts: Uint32Array): void;
}

export function readDocBlock(record: DocBlockRecord): DocBlockView {
  const ids = record.ids.split('\n');
  const start = (slot: number) => (slot === 0 ? 0 : record.topicEnds[slot - 1]!);
  return {
    ids,
    published: record.published,
    lengths: record.lengths,
    topicsOf: (slot) => [...record.topics.subarray(start(slot), record.topicEnds[slot]!)],
    hasTopic(slot, topic) {
      for (let i = start(slot); i < record.topicEnds[slot]!; i++) if (record.topics[i] === topic) return true;
      return false;
    },
    countTopics(slot, counts) {
      for (let i = start(slot); i < record.topicEnds[slot]!; i++) counts[record.topics[i]!]!++;
    },
  };
}
