import { describe, expect, it } from 'vitest';
import { acronymDefinitions } from '../../../lib/discover/acronyms';
import { expansionLength, parenthesisedAcronyms } from '../../../lib/text/acronyms';
import { words } from '../../../lib/text/words';

const TEXT =
  'Group Relative Policy Optimization (GRPO) and 3D Gaussian Splatting (3DGS), with Vision-Language Models (VLMs; ' +
  'Mixture of Experts (MoE) in diffusion LLMs (dLLMs) but not (x), (Table 2) or (ABCDEFGHIJKLMNOPQ).';

describe('the one acronym finder', () => {
  it('finds parenthesised words of 2 to 16 characters with two capitals or more, plural s off', () => {
    expect(parenthesisedAcronyms(TEXT).map((a) => [a.inside, a.acronym])).toEqual([
      ['GRPO', 'GRPO'],
      ['3DGS', '3DGS'],
      ['VLMs', 'VLM'],
      ['MoE', 'MoE'],
      ['dLLMs', 'dLLM'],
    ]);
    const [grpo] = parenthesisedAcronyms(TEXT);
    expect(TEXT.slice(grpo!.open, grpo!.open + 6)).toBe('(GRPO)');
  });

  it('tells how many words before an acronym spell it', () => {
    expect(expansionLength('GRPO', words('We use Group Relative Policy Optimization'))).toBe(4);
    expect(expansionLength('3DGS', words('with 3D Gaussian Splatting'))).toBe(3);
    expect(expansionLength('MoE', words('a Mixture of Experts'))).toBe(3);
    expect(expansionLength('dLLMs', words('diffusion large language models'))).toBe(4);
    expect(expansionLength('XYZ', words('a totally unrelated phrase'))).toBe(0);
  });

  it('is what Emerging defines acronyms with: each definition is a finder acronym spelled by the words before it', () => {
    const found = new Set(parenthesisedAcronyms(TEXT).map((a) => a.acronym.toLowerCase()));
    const defined = acronymDefinitions(TEXT);
    expect(defined.map((d) => d.acronym)).toEqual(['grpo', '3dgs', 'vlm', 'moe', 'dllm']);
    for (const d of defined) expect(found.has(d.acronym)).toBe(true);
  });
});
