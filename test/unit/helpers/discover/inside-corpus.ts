import type { DiscoverPaper } from '@/lib/discover/acronym-aliases';

const DAY = 86_400_000;
const TOPIC_FIELDS = ['spiking neurons', 'neuromorphic chips', 'event sensors', 'synaptic plasticity'];
const OUTSIDE_FIELDS = ['protein folding', 'robot grasping', 'speech coding', 'graph mining', 'tax law'];

/** The phrase that rises inside the topic (and is steady across the whole index). */
export const INSIDE_PHRASE = 'quantum reservoir computing';
/** The phrase that rises outside the topic only (steady inside it). */
export const OUTSIDE_PHRASE = 'kelp forest imaging';

/**
 * An index of 120 days before T: the topic's papers (ids `t…`, two a day) and the others (`o…`, three a
 * day). INSIDE_PHRASE is written by every third outside paper all along, and by 8 of the topic's papers in
 * the last four weeks only; OUTSIDE_PHRASE by every twelfth topic paper all along, and by 10 outside papers
 * in the last four weeks only.
 */
export function insideCorpus(T: number): { topic: DiscoverPaper[]; outside: DiscoverPaper[] } {
  const topic: DiscoverPaper[] = [];
  const outside: DiscoverPaper[] = [];
  for (let d = 0; d < 120; d++) {
    for (let k = 0; k < 2; k++) {
      const n = 2 * d + k;
      const f = TOPIC_FIELDS[n % TOPIC_FIELDS.length]!;
      const also = n % 12 === 0 ? ` We also image with ${OUTSIDE_PHRASE}.` : '';
      topic.push(paper(`t${n}`, `Notes on ${f}`, `We revisit ${f} with careful ${f} baselines.${also}`, d));
    }
    for (let k = 0; k < 3; k++) {
      const n = 3 * d + k;
      const f = OUTSIDE_FIELDS[n % OUTSIDE_FIELDS.length]!;
      const also = n % 3 === 0 ? ` A ${INSIDE_PHRASE} baseline is compared.` : '';
      outside.push(paper(`o${n}`, `Studies of ${f}`, `We study ${f} on ${f} benchmarks.${also}`, d));
    }
  }
  for (let i = 0; i < 8; i++) {
    const f = TOPIC_FIELDS[i % TOPIC_FIELDS.length]!;
    topic.push(
      paper(`ti${i}`, `${cap(INSIDE_PHRASE)} for ${f}`, `We map ${f} onto ${INSIDE_PHRASE}.`, i + 0.5),
    );
  }
  for (let i = 0; i < 10; i++) {
    const f = OUTSIDE_FIELDS[i % OUTSIDE_FIELDS.length]!;
    outside.push(
      paper(`oo${i}`, `${cap(OUTSIDE_PHRASE)} of ${f}`, `We use ${OUTSIDE_PHRASE} for ${f}.`, i + 0.5),
    );
  }
  function paper(id: string, title: string, abstract: string, daysAgo: number): DiscoverPaper {
    return { id, title, abstract, categories: ['cs.LG'], date: T - daysAgo * DAY };
  }
  return { topic, outside };
}

function cap(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1);
}
