import { z } from 'zod';
import { phraseKey } from '../text/tokens';
import renamesFile from './data/renames.json';
import type { Topic } from './types';

/**
 * Topic ids that changed between pack versions, old -> new, so a bookmarked `topic.html?id=OLD`, an old follow
 * or a shared link still lands on the topic. Validated when read.
 */
const RenamesSchema = z.object({ version: z.literal(1), renames: z.record(z.string(), z.string()) });
export const PACK_RENAMES: Readonly<Record<string, string>> = RenamesSchema.parse(renamesFile).renames;

/**
 * Finds the topic a possibly stale or hand-typed id means: the id itself, then a renamed id, then a topic whose
 * name or alias reads the same once hyphens are spaces (`vision-language-models` is an alias of the MLLM topic).
 * Ids win over names, names over aliases, earlier topics over later ones, so the answer never depends on order
 * of insertion beyond the pack's own.
 */
export function createTopicResolver(
  topics: readonly Topic[],
  renames: Readonly<Record<string, string>> = PACK_RENAMES,
): (id: string) => string | undefined {
  const ids = new Set(topics.map((t) => t.id));
  const byKey = new Map<string, string>();
  const add = (key: string, id: string) => {
    if (key && !byKey.has(key)) byKey.set(key, id);
  };
  for (const t of topics) add(phraseKey(t.id.replace(/[-_]/g, ' ')), t.id);
  for (const t of topics) add(phraseKey(t.name), t.id);
  for (const t of topics) for (const alias of t.aliases) add(phraseKey(alias), t.id);
  return (id) => {
    if (ids.has(id)) return id;
    const renamed = renames[id];
    if (renamed !== undefined && ids.has(renamed)) return renamed;
    return byKey.get(phraseKey(id.replace(/[-_]/g, ' ')));
  };
}
