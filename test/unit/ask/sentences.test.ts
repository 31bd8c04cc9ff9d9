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
