/**
 * Why a paper matched: which words of the paper matched, and where.
 *
 * The tagger defines the same shape; until the two are unified this module owns the query language's copy.
 */
export interface Evidence {
  phrase: string;
  where: 'title' | 'abstract' | 'category' | 'author';
}
