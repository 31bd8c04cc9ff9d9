import { useEffect, useState } from 'preact/hooks';
import { errorText } from '@/lib/messages/client';
import type { Evidence, PaperTag } from '@/lib/messages/schemas';
import type { PaperRef } from '@/lib/paper';
import { useInpageEnv } from './inpage-env';

const MAX_SHOWN = 6;

type Asked =
  | { status: 'asking' }
  | { status: 'done'; evidence: Evidence[] }
  | { status: 'error'; message: string };

/**
 * "Why this tag": the phrases that matched and where, as plain text. A listing's tags come without
 * evidence (the answer for 2000 papers stays small); then the list asks for this one paper's.
 */
export function EvidenceList({ tag, paper }: { tag: PaperTag; paper?: PaperRef }) {
  const env = useInpageEnv();
  const [asked, setAsked] = useState<Asked | null>(null);
  const missing = tag.evidence === undefined && paper !== undefined;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    setAsked({ status: 'asking' });
    env
      .send('papers.annotate', { papers: [paper], evidence: true })
      .then((reply) => {
        const found = reply.results[0]?.tags.find((t) => t.id === tag.id);
        if (live) setAsked({ status: 'done', evidence: found?.evidence ?? [] });
      })
      .catch((error: unknown) => {
        if (live) setAsked({ status: 'error', message: errorText(error, 120) });
      });
    return () => {
      live = false;
    };
  }, [missing, tag.id, paper]);

  if (missing && asked?.status !== 'done') {
    return (
      <p data-evidence aria-busy={asked?.status !== 'error'}>
        {asked?.status === 'error' ? `Could not load why: ${asked.message}` : 'Finding why…'}
      </p>
    );
  }
  const evidence = asked?.status === 'done' ? asked.evidence : (tag.evidence ?? []);
  if (evidence.length === 0) return <p data-evidence>Matched by the topic’s rules.</p>;
  const shown = evidence.slice(0, MAX_SHOWN);
  const more = evidence.length - shown.length;
  return (
    <ul data-evidence>
      {shown.map((e, i) => (
        <li key={i}>{describeEvidence(e)}</li>
      ))}
      {more > 0 && <li>and {more} more</li>}
    </ul>
  );
}

export function describeEvidence(e: Evidence): string {
  const phrase = e.phrase.length > 80 ? `${e.phrase.slice(0, 79)}…` : e.phrase;
  switch (e.where) {
    case 'category':
      return `listed in ${phrase}`;
    case 'author':
      return `author ${phrase}`;
    case 'topic':
      return `tagged ${phrase}`;
    default:
      return `“${phrase}” in the ${e.where}`;
  }
}
