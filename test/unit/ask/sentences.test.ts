import { describe, expect, it } from 'vitest';
import { sentencesOf } from '@/lib/ask/sentences';

describe('sentencesOf', () => {
  it('splits at a full stop, question or exclamation mark before a capital, a digit or a bracket', () => {
    expect(
      sentencesOf('We train agents. Rewards are sparse! Why? 3 benchmarks show it. (A note.) Done'),
    ).toEqual([
      'We train agents.',
      'Rewards are sparse!',
      'Why?',
      '3 benchmarks show it.',
      '(A note.)',
      'Done',
    ]);
  });

  it('splits sentences glued without a space ("scenarios.In this work")', () => {
    expect(
      sentencesOf('Planning is hard in dynamic scenarios.In this work, we plan.Results on ImageNet.We win.'),
    ).toEqual([
      'Planning is hard in dynamic scenarios.',
      'In this work, we plan.',
      'Results on ImageNet.',
      'We win.',
    ]);
  });

  it('splits the glued and LaTeX boundaries real abstracts have (judged answers ran them together)', () => {
    expect(
      sentencesOf(
        'It derives the optimal scaling factor through differentiation.(2) Static Token-Wise Quantization ' +
          'lowers cost. Exploration rates enable efficient termination.RATE-Nav achieves 67.8%. ' +
          'Results on GSM8K.Our method is robust. The outputs receive the \\textit{least} consistent ' +
          'evaluations. \\textbf{Second}, we demonstrate it.',
      ),
    ).toEqual([
      'It derives the optimal scaling factor through differentiation.',
      '(2) Static Token-Wise Quantization lowers cost.',
      'Exploration rates enable efficient termination.',
      'RATE-Nav achieves 67.8%.',
      'Results on GSM8K.',
      'Our method is robust.',
      'The outputs receive the \\textit{least} consistent evaluations.',
      '\\textbf{Second}, we demonstrate it.',
    ]);
    // Not a boundary: a glued enumeration after an abbreviation, or an acronym glued to a capital.
    expect(sentencesOf('Tools, e.g.(1) this. Use the API.The end.')).toEqual([
      'Tools, e.g.(1) this.',
      'Use the API.The end.',
    ]);
  });

  it('keeps abbreviations, initials, decimals and versions inside their sentence', () => {
    const text =
      'Metrics, e.g. BLEU, and i.e. ROUGE are used by Smith et al. (2023) and by J. Doe. ' +
      'We compare vs. GPT-4 (see Fig. 3 and Sec. 4) in the U.S. Army with v1.5 at 3.5 points. Then more.';
    expect(sentencesOf(text)).toEqual([
      'Metrics, e.g. BLEU, and i.e. ROUGE are used by Smith et al. (2023) and by J. Doe.',
      'We compare vs. GPT-4 (see Fig. 3 and Sec. 4) in the U.S. Army with v1.5 at 3.5 points.',
      'Then more.',
    ]);
  });

  it('does not split a glued abbreviation or a lower-case continuation', () => {
    expect(sentencesOf('Tools (e.g.Python) help. The end.')).toEqual([
      'Tools (e.g.Python) help.',
      'The end.',
    ]);
    expect(sentencesOf('It works. ok then, and Node.js too.')).toEqual([
      'It works. ok then, and Node.js too.',
    ]);
  });

  it('gives verbatim slices of the text, and nothing for empty text', () => {
    const text = '  First one.Second one!  Third?\nFourth. ';
    for (const s of sentencesOf(text)) expect(text).toContain(s);
    expect(sentencesOf(text)).toEqual(['First one.', 'Second one!', 'Third?', 'Fourth.']);
    expect(sentencesOf('   ')).toEqual([]);
  });
});
