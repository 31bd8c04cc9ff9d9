import { describe, expect, it } from 'vitest';
import { describeEvidence } from '../../../../components/inpage/evidence-list';

describe('describeEvidence', () => {
  it('says where each kind of evidence was found', () => {
    expect(describeEvidence({ phrase: 'world model', where: 'abstract' })).toBe(
      '“world model” in the abstract',
    );
    expect(describeEvidence({ phrase: 'cs.RO', where: 'category' })).toBe('listed in cs.RO');
    expect(describeEvidence({ phrase: 'Jane Doe', where: 'author' })).toBe('author Jane Doe');
    // A user topic built on a pack topic (`topic:llm-agents`).
    expect(describeEvidence({ phrase: 'LLM Agents', where: 'topic' })).toBe('tagged LLM Agents');
  });
});
