import type { PackTopicNames } from './learn';
import { orTerms } from './learn-refine';

/** Examples are "a pack topic" when at least this share of them carry it (three of five). */
export const PACK_TOPIC_SHARE = 0.6;

/**
 * The pack topic most of the examples carry: of those carried by at least PACK_TOPIC_SHARE of them, the least
 * carried (the most specific: a paper carries its topics' ancestors too), ties by id. Undefined when no
 * topic is carried by that many.
 */
export function examplesPackTopic(
  perExample: readonly (readonly PackTopicNames[])[],
  share = PACK_TOPIC_SHARE,
): PackTopicNames | undefined {
  if (perExample.length === 0) return undefined;
  const counts = new Map<string, { topic: PackTopicNames; n: number }>();
  for (const topics of perExample) {
    const seen = new Set<string>();
    for (const topic of topics) {
      if (seen.has(topic.id)) continue;
      seen.add(topic.id);
      const entry = counts.get(topic.id);
      if (entry) entry.n++;
      else counts.set(topic.id, { topic, n: 1 });
    }
  }
  const least = share * perExample.length - 1e-9;
  const [best] = [...counts.values()]
    .filter((c) => c.n >= least)
    .sort((a, b) => a.n - b.n || (a.topic.id < b.topic.id ? -1 : 1));
  return best?.topic;
}

const unwrap = (term: string): string => {
  let t = term.trim();
  while (t.startsWith('(') && t.endsWith(')')) t = t.slice(1, -1).trim();
  return t;
};
/** A name as compared: unquoted, lower case, a plural "s" dropped (learn.ts writes "LLMs" as LLM). */
const fold = (text: string) => text.replace(/"/g, '').trim().toLowerCase().replace(/s$/, '');

/**
 * Whether a learned query is only a copy of the pack topic: every term it ORs is `topic:ID` or one of the
 * topic's names (the query learned where the index's papers are not tagged). A term that narrows the topic
 * (`(topic:ID "long-horizon")`), excludes papers (ANDNOT) or adds a phrase makes it a topic of its own.
 */
export function copiesPackTopic(query: string, topic: PackTopicNames): boolean {
  const names = new Set([topic.name, ...topic.aliases].map(fold));
  const terms = orTerms(unwrap(query)).map(unwrap);
  if (terms.length === 0) return false;
  return terms.every((term) => {
    if (term === `topic:${topic.id}`) return true;
    // A bare or quoted name, nothing more (no operator, no second phrase).
    return /^"[^"]*"$|^[^\s"()]+$/.test(term) && names.has(fold(term));
  });
}
