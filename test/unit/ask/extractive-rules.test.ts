import { describe, expect, it } from 'vitest';
import { cueFit, sentenceCues } from '@/lib/ask/answer-cues';
import { ANSWER_FROM, extractAnswer, type SourcePaper, scoreSentences } from '@/lib/ask/extractive';
import { questionKind } from '@/lib/ask/question-kind';
import { RERANK_FROM } from '@/lib/ask/rerank';

/**
 * The rules of the extractive answer that the second development set's judgment asked for
 * (test/eval/results/ask-judged-3.md); each case is modelled on a sentence the reader judged.
 */
const paper = (id: string, ...sentences: string[]): SourcePaper => ({
  id,
  title: `Paper ${id}`,
  abstract: sentences.join(' '),
});
const quoted = (question: string, papers: SourcePaper[]) =>
  extractAnswer(question, papers).groups.flatMap((g) => g.sentences);

describe('the extractive answer quotes', () => {
  it('only the first five papers of the reranked order: a later paper that answers is reranked into them', () => {
    expect(ANSWER_FROM).toBe(5);
    const filler = Array.from({ length: 5 }, (_, i) =>
      paper(
        `f${i}`,
        `Weather data is collected in region ${i}.`,
        `Forecasts are published daily for region ${i}.`,
      ),
    );
    const late = paper(
      'late',
      'Quantization shrinks models.',
      'We quantize LLM weights to 3 bits by keeping salient weight circuits in 16 bits, recovering 96% of accuracy.',
    );
    const question = 'How are LLM weights quantized to 3 bits?';
    expect(quoted(question, [late])).toHaveLength(1);
    const answer = extractAnswer(question, [...filler, late]);
    expect(answer.groups.map((g) => g.paper)).toEqual(['late']);
    expect(answer.ranked.slice(0, ANSWER_FROM)).toContain('late');
    // Beyond the papers reranked (RERANK_FROM), it is not read.
    const many = Array.from({ length: RERANK_FROM }, (_, i) => filler[i % 5]!).map((p, i) => ({
      ...p,
      id: `m${i}`,
    }));
    expect(quoted(question, [...many, late])).toEqual([]);
  });

  it("each paper's best sentence, at most one a paper", () => {
    const two = paper(
      'a',
      'Judges are used widely.',
      'Judge models are trained with reinforcement learning on outcome rewards for judgments.',
      'Judge models are trained by distilling reasoning traces from a larger model into a small judge.',
    );
    const answer = extractAnswer('How are judge models trained?', [two]);
    expect(answer.groups).toHaveLength(1);
    expect(answer.groups[0]!.sentences).toHaveLength(1);
  });

  it("a study's finding over its set-up", () => {
    const study = paper(
      's',
      'LLM judges are increasingly used as automated evaluators.',
      'We study how LLM judges agree with human ratings by comparing two kinds of raters: humans and LLMs.',
      'Aggregated over tasks, a grading scale of 0-5 yields the strongest agreement between LLM judges and human ratings.',
    );
    expect(quoted('How well do LLM judges agree with human ratings?', [study])).toEqual([
      'Aggregated over tasks, a grading scale of 0-5 yields the strongest agreement between LLM judges and human ratings.',
    ]);
  });

  it('a result over a closing hope', () => {
    const outcome = paper(
      'o',
      'Breast cancer response to chemotherapy varies between patients.',
      'Our model predicts patient outcome from H&E slides with an AUC of 0.86 and an accuracy of 82%.',
      'Furthermore, predicting patient outcome from H&E slides may accelerate the discovery of novel biomarkers and advance personalized treatment.',
    );
    expect(quoted('Can patient outcome be predicted from H&E slides?', [outcome])).toEqual([
      'Our model predicts patient outcome from H&E slides with an AUC of 0.86 and an accuracy of 82%.',
    ]);
  });

  it('the how over a name announced with nothing after it', () => {
    const casp = paper(
      'c',
      'Few-shot class-incremental learning adapts to new classes from few samples.',
      'Inspired by the CLS token, we propose the CLS Token Attention Steering Prompts (CASP).',
      'This approach adds class-shared trainable bias parameters to the query, key and value projections of the CLS token.',
    );
    const cues = sentenceCues(
      'Inspired by the CLS token, we propose the CLS Token Attention Steering Prompts (CASP).',
      new Set(),
    );
    expect(cues.proposal).toBe(true);
    const scores = scoreSentences('How are prompts used for class-incremental learning with the CLS token?', [
      casp,
    ]);
    expect(scores[2]!.score).toBeGreaterThan(scores[1]!.score);
  });

  it('a method over a definition of the field', () => {
    const scale = paper(
      'm',
      'Depth matters for robots.',
      'Monocular depth estimation can be divided into two directions: relative depth, without scale, and metric depth, with absolute scale.',
      'Our method recovers metric scale from a single image by predicting a global scale and shift from a text description of the scene.',
    );
    expect(quoted('How is metric scale recovered from a single image?', [scale])).toEqual([
      'Our method recovers metric scale from a single image by predicting a global scale and shift from a text description of the scene.',
    ]);
  });
});

describe('a which-question', () => {
  it('is answered by a sentence naming any kind it asks for', () => {
    const kind = questionKind(
      'Which simulators and benchmarks are used to evaluate embodied navigation agents?',
    );
    expect(kind.named).toEqual(['simul', 'bench']);
    const cues = sentenceCues(
      'CoNav improves on four embodied navigation benchmarks (R2R, CVDN, REVERIE, SOON).',
      new Set(['embodied', 'navigation', 'benchmarks']),
      kind,
    );
    expect(cueFit(kind, cues)).toBe(1);
  });

  it('is answered by the names in an evaluation sentence that does not say "datasets"', () => {
    const kind = questionKind('Which datasets are used to test depth models zero-shot?');
    const evaluated = sentenceCues(
      'Zero-shot evaluation on Booster, ETH3D, Middlebury 2014, and NuScenes shows the refinement generalizes.',
      new Set(['zero', 'shot', 'depth']),
      kind,
    );
    expect(cueFit(kind, evaluated)).toBe(1);
  });
});

describe('the question held by a sentence', () => {
  it('counts a word the stemmer splits from the question\'s ("environmental" for "environment")', () => {
    const papers = [
      paper(
        'e',
        'Robots navigate indoors.',
        'Our robot follows route instructions by modelling environmental dynamics with a latent world model.',
      ),
    ];
    const question = 'How do robots follow route instructions in an environment?';
    expect(scoreSentences(question, papers)[1]!.cover).toBe(1);
  });
});

describe('promises and hopes', () => {
  it('count as background or a closing hope, not as findings', () => {
    const none = new Set<string>();
    expect(
      sentenceCues(
        'The emergence of foundation models presents new opportunities for incremental learning.',
        none,
      ).background,
    ).toBeGreaterThan(0);
    expect(
      sentenceCues('AI presents a promising solution to reduce reliance on staining.', none).background,
    ).toBeGreaterThan(0);
    expect(
      sentenceCues('Profiling data could substantially improve model interpretability and performance.', none)
        .speculation,
    ).toBe(true);
    expect(sentenceCues('Profiling data improves the AUC from 0.80 to 0.86.', none).speculation).toBe(false);
  });
});

describe('what earlier methods did, and a new state of the art', () => {
  it('are background and a results line, not how it is done', () => {
    const none = new Set<string>();
    const earlier = sentenceCues(
      'Recent post-training quantization (PTQ) methods have attempted to mitigate this issue by focusing on outliers.',
      none,
    );
    expect(earlier.background).toBeGreaterThan(0);
    const record = sentenceCues(
      'DBellQuant sets a new state-of-the-art by preserving model performance under activation quantization.',
      none,
    );
    expect(record.results).toBe(true);
    const how = questionKind('How do quantization methods handle activation outliers?');
    expect(cueFit(how, record)).toBe(0);
  });
});
