import { describe, expect, it } from 'vitest';
import { conditionFit, conditionsFit, questionConditions } from '@/lib/ask/conditions';

/**
 * The question's condition (test/eval/results/ask-judged-5.md, kind 1): each case is modelled on a sentence
 * the fourth set's reader judged or named.
 */
const kinds = (question: string) => questionConditions(question).map((c) => c.kind);
const standing = (question: string, sentence: string) =>
  conditionsFit(questionConditions(question), sentence);

describe('a question sets a condition', () => {
  it.each([
    ['Can a large language model be pruned without any retraining afterwards?', ['no-training']],
    [
      'How do CLIP-style models detect OOD images without training, for example with negative labels?',
      ['no-training'],
    ],
    ['Which post-hoc scores do better than the maximum softmax probability?', ['no-training']],
    ['Can large vision-language models find target objects zero-shot?', ['no-training']],
    ['How can one model upscale an image by any factor, including non-integer ones?', ['any']],
    ['Do flight controllers trained in simulation work on real quadrotors?', ['real']],
    ['How do diffusion models get down to a single sampling step?', ['single']],
    ['Can Gaussian splatting be trained without known camera poses?', ['without']],
  ])('%s', (question, expected) => {
    expect(kinds(question)).toEqual(expected);
  });

  it('names what "without" excludes, past "access to" and words too common to stand for it', () => {
    expect(
      questionConditions('How can hallucinations be detected without access to model internals?'),
    ).toEqual([{ kind: 'without', words: ['model', 'internals'] }]);
    expect(
      standing(
        'How can hallucinations be detected without access to model internals?',
        'It reads internal states.',
      ),
    ).toBe(0);
  });

  it('sets none for a question without one', () => {
    expect(kinds('Which benchmarks are used for web agents?')).toEqual([]);
    expect(
      kinds('Does combining speech, text and video detect depression better than any one of them alone?'),
    ).toEqual([]);
    expect(standing('Which benchmarks are used for web agents?', 'We retrain the model.')).toBe(0);
  });
});

describe('a sentence holds to the condition or goes against it', () => {
  const retraining = 'Can a large language model be pruned without any retraining afterwards?';
  it.each([
    [
      'To address this, we propose a pruning framework called Olica, which eliminates the need for retraining.',
      1,
    ],
    ['Consequently, retraining becomes unnecessary.', 1],
    ['We introduce ReplaceMe, a generalized training-free depth pruning method.', 1],
    [
      'After reconstruction, we efficiently retrain the model on routers, experts and normalization modules.',
      -1,
    ],
    ['Pre-trained language models are pruned by magnitude.', 0],
    ['Out-of-distribution detection identifies inputs that deviate from the training data distribution.', 0],
  ])('without retraining: %s', (sentence, expected) => {
    expect(standing(retraining, sentence)).toBe(expected);
  });

  const anyFactor = 'How can one model upscale an image by any factor, including non-integer ones?';
  it.each([
    ['SAAM retrofits modern fixed-scale SR models with the ability to perform arbitrary-scale SR.', 1],
    ['It delivers superior performance across a wide range of integer and non-integer scale factors.', 1],
    ['A backbone with scale-specific pixel-shuffle heads supports 2x and 4x factors.', -1],
    ['A learnable scaling factor weighs the features.', 0],
  ])('any factor: %s', (sentence, expected) => {
    expect(standing(anyFactor, sentence)).toBe(expected);
  });

  it.each([
    ['Simulation results confirm the effectiveness of the proposed scheduler compared to PPO.', -1],
    [
      'We demonstrate robust outdoor flight performance under real-world perturbations on real quadrotors.',
      1,
    ],
  ])('real quadrotors: %s', (sentence, expected) => {
    expect(standing('Do flight controllers trained in simulation work on real quadrotors?', sentence)).toBe(
      expected,
    );
  });

  it('without X: a sentence relying on X goes against it, one doing without it holds to it', () => {
    const poses = questionConditions('Can Gaussian splatting be trained without known camera poses?')[0]!;
    expect(conditionFit(poses, 'Our method requires accurate camera poses from COLMAP.')).toBe(-1);
    expect(conditionFit(poses, 'We reconstruct scenes without any camera poses.')).toBe(1);
    expect(conditionFit(poses, 'We reconstruct scenes in a pose-free manner.')).toBe(0);
    const detail = questionConditions('How do models reach one step without losing detail?')[0]!;
    // Named, not relied on: "a semantic consistency loss" is no loss of detail.
    expect(conditionFit(detail, 'We also propose a semantic consistency loss.')).toBe(0);
  });
});
