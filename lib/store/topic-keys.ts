import type { StoredPaper } from './schema';

const KEY_SEP = '|';
const PAD = 15;

/** `topic|000001757000000000`: sorts by topic, then by first-version time. */
export function topicKey(topic: string, published: number): string {
  return `${topic}${KEY_SEP}${String(Math.max(0, Math.floor(published))).padStart(PAD, '0')}`;
}

/** Keys of one topic with published in (after, until]. */
export function topicRange(topic: string, after = -1, until = Number.MAX_SAFE_INTEGER): IDBKeyRange {
  return IDBKeyRange.bound(topicKey(topic, after), topicKey(topic, until), true, false);
}

/** The row with its `topicKeys` (tracked papers only: topic pages and counts page through them). */
export function withTopicKeys(paper: Omit<StoredPaper, 'topicKeys'>): StoredPaper {
  const topicKeys = paper.tracked ? paper.topics.map((t) => topicKey(t, paper.published)) : [];
  return { ...paper, topicKeys };
}
