import type { Paper } from '../paper';
import { withTopicKeys } from '../store/papers';
import type { IndexedPaper, StoredPaper } from '../store/schema';
import type { Catalog } from '../topics/catalog';

/** Stored form of an API paper: tagged with the catalog in force, tracked when in a tracked category. */
export function toStored(catalog: Catalog, categories: readonly string[], paper: Paper): IndexedPaper {
  const tags = catalog.tagScores(paper).map((t) => ({ id: t.topicId, score: t.score }));
  const topics = tags.map((t) => t.id);
  const tracked = paper.categories.some((c) => categories.includes(c));
  return { ...withTopicKeys({ ...paper, topics, tracked }), tags };
}

/** The paper a stored row was made from, to tag it again. */
export function paperOf(row: StoredPaper): Paper {
  const { topics: _t, tracked: _k, topicKeys: _keys, ...rest } = row;
  return rest;
}
