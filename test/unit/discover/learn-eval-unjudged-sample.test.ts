import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../eval/niches/unjudged-sample';

const ids = Array.from({ length: 300 }, (_, i) => `2509.${String(10000 + i)}`);

describe("learn eval's sample of a topic's unjudged matches", () => {
  it('draws the same 25 papers every time, whatever order the matches come in', () => {
    const sample = sampleOf('thinking-with-images', ids);
    expect(sample).toHaveLength(25);
    expect(new Set(sample).size).toBe(25);
    expect(sampleOf('thinking-with-images', [...ids].reverse())).toEqual(sample);
  });

  it('takes all matches when there are fewer than 25', () => {
    expect([...sampleOf('peer-review', ids.slice(0, 7))].sort()).toEqual(ids.slice(0, 7));
  });

  it("keeps, in a subset's sample, every paper of the whole set's sample that the subset holds", () => {
    // Coordinated samples: a paper two modes match is drawn for both or for neither, so it is judged once.
    const whole = sampleOf('llm-judge-bias', ids);
    const subset = ids.filter((_, i) => i % 3 !== 0);
    const part = new Set(sampleOf('llm-judge-bias', subset));
    for (const id of whole) if (subset.includes(id)) expect(part.has(id)).toBe(true);
  });

  it('draws another sample for another niche', () => {
    expect(sampleOf('object-hallucination', ids)).not.toEqual(sampleOf('llm-routing', ids));
  });
});
