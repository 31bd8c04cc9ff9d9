import MODEL from '@/lib/topics/data/model.json';
import { type CompiledPack, withModel } from '@/lib/topics/load-pack';
import { compilePack } from '@/lib/topics/pack/compile';
import { PACK_DATA } from '@/lib/topics/pack/source';

interface SourceTopic {
  id: string;
  phrases?: string[];
  parents?: string[];
  [key: string]: unknown;
}
interface ModelTopic {
  id: string;
  threshold: number;
  bias: number;
  [key: string]: unknown;
}
interface Edit {
  topics: SourceTopic[];
  model: ModelTopic[];
}

/**
 * The bundled pack (source compiled, with its learned layer) after `edit` of its source topics and model
 * topics: an older or newer pack than the one in force, for checking a re-tag that touches only what
 * changed (topic added or removed, its phrases or its learned threshold edited).
 */
export function variantPack(edit: (pack: Edit) => void): CompiledPack {
  const data = structuredClone(PACK_DATA) as { topics: SourceTopic[] };
  const model = structuredClone(MODEL) as unknown as { topics: ModelTopic[] };
  const change = { topics: data.topics, model: model.topics };
  edit(change);
  data.topics = change.topics;
  model.topics = change.model;
  return withModel(compilePack(data), model);
}

/** The pack without these topics (rules and learned layer). */
export const without = (ids: readonly string[]) => (p: Edit) => {
  p.topics = p.topics.filter((t) => !ids.includes(t.id));
  p.model = p.model.filter((t) => !ids.includes(t.id));
};

/** The changes the reach re-tag is checked on, each as (older pack, newer pack) edits. */
export const CHANGES: { name: string; old: (p: Edit) => void; now: (p: Edit) => void }[] = [
  {
    name: 'two topics added (the bench: synthetic-data-generation, hypothesis-testing)',
    old: without(['synthetic-data-generation', 'hypothesis-testing']),
    now: () => undefined,
  },
  {
    name: 'two topics added (the year bench: synthetic-data-generation, augmented-and-virtual-reality)',
    old: without(['synthetic-data-generation', 'augmented-and-virtual-reality']),
    now: () => undefined,
  },
  { name: 'a topic removed (data-augmentation)', old: () => undefined, now: without(['data-augmentation']) },
  {
    name: "a topic's phrases edited (contrastive-learning: its first phrase dropped, 'pair embedding' added)",
    old: () => undefined,
    now: (p) => {
      const t = p.topics.find((x) => x.id === 'contrastive-learning')!;
      t.phrases = [...(t.phrases ?? []).slice(1), 'pair embedding'];
    },
  },
  {
    name: "a topic's learned threshold lowered by 1 (adversarial-robustness)",
    old: () => undefined,
    now: (p) => {
      const t = p.model.find((x) => x.id === 'adversarial-robustness')!;
      t.threshold -= 1;
    },
  },
];
