import { standsBare } from '../topics/query';

/** At most this many spellings go into a phrase's query (the variants beyond are rarer spellings of these). */
const QUERY_TERMS = 4;

/**
 * A query in the user-topic language for an emerging phrase: its spellings joined by OR, an acronym in
 * capitals unquoted ("SGG", matched on its spelling; quoted when it is an operator word), anything else as a quoted phrase (matched on stems, so
 * plurals come along). Pre-filled when the phrase is followed as a topic; the user edits it from there.
 */
export function emergingQuery(phrase: string, variants: readonly string[]): string {
  const terms: string[] = [];
  for (const variant of variants.length > 0 ? variants : [phrase]) {
    const term = queryTerm(variant);
    if (term && !terms.includes(term)) terms.push(term);
    if (terms.length === QUERY_TERMS) break;
  }
  return terms.join(' OR ');
}

function queryTerm(variant: string): string {
  const text = variant.replace(/["()]/g, ' ').replace(/\s+/g, ' ').trim();
  const acronym = text.replace(/s$/, '');
  if (/^[\p{Lu}\p{N}-]+$/u.test(acronym) && (acronym.match(/\p{Lu}/gu)?.length ?? 0) >= 2)
    return standsBare(acronym) ? acronym : `"${acronym}"`;
  return text ? `"${text}"` : '';
}
