import { loadPack } from '../../../lib/topics/load-pack';
import { tagPaper } from '../../../lib/topics/tagger';
import { readCorpus } from '../corpus';

/** The corpus as Ask's eval searches it: each paper with the topics the pack tags it with. */
export function taggedCorpus() {
  const pack = loadPack();
  return readCorpus().map((p) => ({
    id: p.id,
    title: p.title,
    abstract: p.abstract,
    authors: p.authors,
    published: Date.parse(p.announced),
    topics: tagPaper(p, pack).map((t) => t.topicId),
  }));
}
