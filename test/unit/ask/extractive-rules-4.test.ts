import { describe, expect, it } from 'vitest';
import { extractAnswer, type SourcePaper } from '@/lib/ask/extractive';

/**
 * The fourth set's failures (test/eval/results/ask-judged-5.md): the answering paper was in the top 5 but the
 * one shown went against the question's condition. Each case is modelled on the papers the reader named.
 */
const paper = (id: string, title: string, ...sentences: string[]): SourcePaper => ({
  id,
  title,
  abstract: sentences.join(' '),
});
const cited = (question: string, papers: SourcePaper[]) =>
  extractAnswer(question, papers).groups.map((g) => g.paper);
const filler = (id: string) =>
  paper(id, 'Weather', 'Weather data is collected in each region.', 'Forecasts are published daily.');

describe('an answer holds to the question condition', () => {
  it('without retraining: the pruning method that needs none, not the one that retrains (Q7: Olica, not DIVE)', () => {
    const dive = paper(
      'dive',
      'DIVE: pruning large language models into experts',
      'Pruning large language models is costly.',
      'After pruning, we efficiently retrain the language model routers and experts, keeping accuracy within 2%.',
    );
    const olica = paper(
      'olica',
      'Olica: structured pruning of large language models',
      'Structured pruning of large language models usually needs retraining.',
      'By applying principal component analysis to attention products, our pruning eliminates the need for retraining, losing under 1% accuracy.',
    );
    const question =
      'Can a large language model be pruned without any retraining afterwards, and how much accuracy does that cost?';
    expect(cited(question, [dive, filler('f1'), olica])).toEqual(['olica']);
    expect(extractAnswer(question, [dive, filler('f1'), olica]).ranked[0]).toBe('olica');
  });

  it('any factor: arbitrary-scale upsampling, not heads for 2x and 4x (Q4: SAAM, not LUA)', () => {
    const lua = paper(
      'lua',
      'A latent upscale adapter',
      'Upscaling images is slow.',
      'One model upscales an image by sharing a backbone across scale-specific pixel-shuffle heads for 2x and 4x factors.',
    );
    const saam = paper(
      'saam',
      'Scale-aware attention for super-resolution',
      'Most super-resolution models are trained for one factor.',
      'Our module lets one model upscale an image to arbitrary-scale outputs by conditioning attention on the scale factor.',
    );
    const question = 'How can one model upscale an image by any factor, including non-integer ones?';
    expect(cited(question, [lua, saam])).toEqual(['saam']);
  });

  it('without training: zero-shot negative labels, not a fine-tuned encoder (Q22: NegRefine, not SynOOD)', () => {
    const synood = paper(
      'synood',
      'SynOOD',
      'Vision-language models detect out-of-distribution images.',
      'We fine-tune the CLIP image encoder and negative label features on synthetic images to detect out-of-distribution images.',
    );
    const negrefine = paper(
      'negrefine',
      'NegRefine',
      'Vision-language models detect out-of-distribution images.',
      'NegRefine detects out-of-distribution images zero-shot by filtering subcategory labels and proper nouns from the negative labels of CLIP.',
    );
    const question =
      'How do CLIP-style vision-language models detect out-of-distribution images without training, for example with negative labels?';
    expect(cited(question, [synood, filler('f1'), filler('f2'), filler('f3'), negrefine])).toEqual([
      'negrefine',
    ]);
  });

  it('on real quadrotors: a real-world flight, not a simulation result (Q20: AirGym, not FRSICL)', () => {
    const sim = paper(
      'sim',
      'FRSICL',
      'Quadrotors need flight control.',
      'Simulation results confirm that our reinforcement learning flight controller outperforms PPO for quadrotors.',
    );
    const real = paper(
      'real',
      'AirGym',
      'Quadrotors need flight control.',
      'Reinforcement learning flight controllers trained in our simulator achieve robust outdoor flights on real quadrotors under wind.',
    );
    const question =
      'Do flight controllers trained with reinforcement learning in simulation work on real quadrotors?';
    expect(cited(question, [sim, real])[0]).toBe('real');
    expect(cited(question, [sim, real])).not.toContain('sim');
  });

  it('refuses when the only sentences on the question go against its condition', () => {
    const dive = paper(
      'dive',
      'DIVE: pruning large language models into experts',
      'Pruning large language models is costly.',
      'After pruning, we efficiently retrain the language model routers and experts, keeping accuracy within 2%.',
    );
    const answer = extractAnswer('Can a large language model be pruned without any retraining afterwards?', [
      dive,
    ]);
    expect(answer.answered).toBe(false);
  });
});
