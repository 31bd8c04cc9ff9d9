import { describe, expect, it } from 'vitest';
import { STARTER_TOPICS } from '@/components/popup/first-run';
import { loadPack } from '@/lib/topics/load-pack';

describe('first-run suggestions', () => {
  it('suggests only topics the pack has, under their pack names', () => {
    const pack = loadPack();
    for (const starter of STARTER_TOPICS) {
      const topic = pack.byId.get(starter.id);
      expect(topic, starter.id).toBeDefined();
      expect(topic?.name).toBe(starter.name);
    }
    expect(new Set(STARTER_TOPICS.map((t) => t.id)).size).toBe(STARTER_TOPICS.length);
  });
});
