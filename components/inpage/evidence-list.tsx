import type { PaperTag } from '@/lib/message-schemas';

const MAX_SHOWN = 6;

/** "Why this tag": the phrases that matched and where, as plain text. */
export function EvidenceList({ tag }: { tag: PaperTag }) {
  if (tag.evidence.length === 0) return <p data-evidence>Matched by the topic’s rules.</p>;
  const shown = tag.evidence.slice(0, MAX_SHOWN);
  const more = tag.evidence.length - shown.length;
  return (
    <ul data-evidence>
      {shown.map((e, i) => (
        <li key={i}>{describeEvidence(e)}</li>
      ))}
      {more > 0 && <li>and {more} more</li>}
    </ul>
  );
}

export function describeEvidence(e: PaperTag['evidence'][number]): string {
  const phrase = e.phrase.length > 80 ? `${e.phrase.slice(0, 79)}…` : e.phrase;
  switch (e.where) {
    case 'category':
      return `listed in ${phrase}`;
    case 'author':
      return `author ${phrase}`;
    default:
      return `“${phrase}” in the ${e.where}`;
  }
}
