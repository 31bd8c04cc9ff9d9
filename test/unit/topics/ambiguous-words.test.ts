import { describe, expect, it } from 'vitest';
import { compilePack } from '../../../lib/topics/pack/compile';
import { PACK_DATA } from '../../../lib/topics/pack/source';
import { tagPaper } from '../../../lib/topics/tagger';

// The rules alone (the pack compiled from source, without the learned layer): these are rule failures.
const pack = compilePack(PACK_DATA);

const ids = (p: { title: string; abstract: string; categories: string[] }) =>
  tagPaper(p, pack).map((t) => t.topicId);

/** One ambiguous word or acronym must not decide a chip (issue 11, seen on a real cs.AI listing). */
describe('an ambiguous word alone does not decide a topic', () => {
  it('ASR meaning attack success rate is not speech recognition', () => {
    const paper = {
      title: 'Adaptive Jailbreak Attacks on Aligned Language Models',
      abstract:
        'We study jailbreak attacks against safety-aligned LLMs. Our adaptive attack reaches an attack success rate (ASR) of 92% on Llama-3, and the ASR stays above 80% under common defenses. We analyse why ASR varies across prompt templates.',
      categories: ['cs.CL', 'cs.AI'],
    };
    expect(ids(paper)).not.toContain('speech-recognition');
  });

  it('ASR meaning arbitrary-scale super-resolution is not speech recognition', () => {
    const paper = {
      title: 'Implicit Neural Functions for Arbitrary-Scale Image Super-Resolution',
      abstract:
        'Arbitrary-scale super-resolution (ASR) upsamples an image by any factor with one model. We propose a local implicit function for ASR that outperforms prior ASR methods on DIV2K and benchmark datasets.',
      categories: ['cs.CV', 'cs.AI'],
    };
    expect(ids(paper)).not.toContain('speech-recognition');
  });

  it('voltages in an imaging paper are not power systems', () => {
    const paper = {
      title: 'Denoising Low-Dose Electron Microscopy Images with Self-Supervised Networks',
      abstract:
        'Electron microscopy images acquired at low accelerating voltages suffer from strong noise. We train a self-supervised denoising network on pairs of noisy frames; across voltages and detectors it improves the signal-to-noise ratio of the reconstructed images.',
      categories: ['cs.CV', 'eess.IV'],
    };
    expect(ids(paper)).not.toContain('power-systems');
  });

  it('the OCEAN personality traits are not weather and climate', () => {
    const paper = {
      title: 'Do LLM Personas Keep Their Personality? Measuring Big Five Traits in Role-Play',
      abstract:
        'We measure the Big Five (OCEAN) personality traits of LLM personas with standard questionnaires. Openness and neuroticism scores drift over long dialogues, and the OCEAN profile of a persona depends on the prompt.',
      categories: ['cs.CL', 'cs.AI'],
    };
    expect(ids(paper)).not.toContain('weather-and-climate-ai');
  });

  it('pointwise in a theory paper is not reranking', () => {
    const paper = {
      title: 'Pointwise Convergence of Neural Network Approximations for Elliptic PDEs',
      abstract:
        'We prove pointwise error bounds for neural network approximations of solutions to elliptic partial differential equations. The pointwise estimates improve on known L2 bounds, and the proof extends to pointwise convergence of the gradients.',
      categories: ['cs.LG', 'math.NA'],
    };
    expect(ids(paper)).not.toContain('reranking');
  });

  it('auctions and bidding are not click-through rate prediction', () => {
    const paper = {
      title: 'Learning to Bid in Repeated First-Price Auctions',
      abstract:
        'We study bidding strategies for a buyer in repeated first-price auctions with unknown value distributions. Our bidding algorithm achieves sublinear regret, and we show how auction reserve prices change the learning rate of bidding policies.',
      categories: ['cs.GT', 'cs.LG'],
    };
    expect(ids(paper)).not.toContain('click-through-rate-prediction');
  });

  it('an agent and a reward in one abstract are not agentic RL', () => {
    const paper = {
      title: 'Reward Machines for Sample-Efficient Multi-Agent Path Finding',
      abstract:
        'Each agent in a warehouse must reach its goal without collisions. We encode task structure as a reward machine and train agents with Q-learning on grid maps; the learned policies reduce makespan compared to classical planners. A language model is not needed.',
      categories: ['cs.AI', 'cs.MA'],
    };
    expect(ids(paper)).not.toContain('agentic-rl');
  });
});

describe('the words still count where they mean the topic', () => {
  it('ASR in a speech paper is speech recognition', () => {
    const paper = {
      title: 'Streaming ASR for Low-Resource Languages with Self-Supervised Speech Encoders',
      abstract:
        'We build a streaming automatic speech recognition system for ten low-resource languages. A self-supervised speech encoder cuts the word error rate of our ASR by 20% on spoken utterances.',
      categories: ['eess.AS', 'cs.CL'],
    };
    expect(ids(paper)).toContain('speech-recognition');
  });

  it('auctions in an ad-ranking paper keep click-through rate prediction', () => {
    const paper = {
      title: 'Calibrated Click-Through Rate Prediction for Ad Auctions',
      abstract:
        'In online advertising, predicted click-through rate (CTR) sets the price in each auction. We propose a calibration layer for CTR prediction models and show gains in online A/B tests.',
      categories: ['cs.IR', 'cs.LG'],
    };
    expect(ids(paper)).toContain('click-through-rate-prediction');
  });
});
