/**
 * Following an author is following a user topic whose query is `au:"Full Name"` and whose name is the
 * author's: counts, new papers and momentum then work as for any topic.
 */
export function authorQuery(name: string): string {
  // Quotes inside a name would end the phrase early; the query language folds case and diacritics.
  return `au:"${cleanAuthorName(name).replaceAll('"', '')}"`;
}

export function cleanAuthorName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().slice(0, 120);
}
