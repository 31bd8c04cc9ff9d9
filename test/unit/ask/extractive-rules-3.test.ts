import { describe, expect, it } from 'vitest';
import { sentenceCues } from '@/lib/ask/answer-cues';
import { extractAnswer, quotedFrom, type SourcePaper } from '@/lib/ask/extractive';
import { questionKind } from '@/lib/ask/question-kind';
import { searchTerms } from '@/lib/search/search-tokens';

/**
 * The rules the third development set's judgment asked for (test/eval/results/ask-judged-4.md); each case is
 * modelled on a sentence the reader judged or named.
 */
const paper = (id: string, ...sentences: string[]): SourcePaper => ({
  id,
  title: `Paper ${id}`,
  abstract: sentences.join(' '),
});
const quoted = (question: string, papers: SourcePaper[]) =>
  extractAnswer(question, papers).groups.flatMap((g) => g.sentences);
const framing = (sentence: string) => sentenceCues(sentence, new Set()).framing;

describe('a framing line', () => {
  it.each([
    'Motivated by this, we aim to learn a 3D flow world model from both human and robot manipulation data.',
    'To effectively learn from these heterogeneous inputs, we develop a multi-modal deep learning model for county-level yield.',
    'The objective of our research is to classify 21 distinct leaf diseases across six plants using deep learning models.',
    'This paper first introduces the development status of document-level translation and the importance of evaluation.',
    'In this study, a novel benchmark video dataset was developed and used to assess the performance of several detectors.',
    'One possible solution to this is to fine-tune foundation models via federated learning across clients.',
    'Is it possible to distill robotic skill policies out of such data without robot-specific demonstrations?',
  ])('is one: %s', (sentence) => {
    expect(framing(sentence)).toBe(true);
  });

  it.each([
    'In this work, we propose a personalized federated fine-tuning method that learns orthogonal LoRA adapters to disentangle general and client-specific knowledge.',
    'To further tackle data heterogeneity, we introduce personalized LoRA (pLoRA), which dynamically adapts LoRA parameters to each client.',
    'ForceVLA improves average task success by 23.2% over strong baselines.',
  ])('is not one when it says how or what was found: %s', (sentence) => {
    expect(framing(sentence)).toBe(false);
  });

  it('is never shown; the sentence after it that says how is', () => {
    const crops = paper(
      'y',
      'Crop yield prediction matters for food security.',
      'To effectively learn from these heterogeneous inputs, we develop a multi-modal deep learning model for crop yield prediction from satellite images.',
      'The model encodes Landsat satellite images, climate and soil layers with a timeseries encoder to predict crop yield.',
    );
    expect(quoted('How are satellite images used to predict crop yield?', [crops])).toEqual([
      'The model encodes Landsat satellite images, climate and soil layers with a timeseries encoder to predict crop yield.',
    ]);
  });

  it('that names the kind of thing a which-question asks for still answers it', () => {
    const cotton = paper(
      'c',
      'Cotton is a major crop.',
      'This paper presents COT-AD, a public dataset of cotton images designed for crop disease classification.',
    );
    expect(quoted('Which public datasets exist for crop disease classification?', [cotton])).toEqual([
      'This paper presents COT-AD, a public dataset of cotton images designed for crop disease classification.',
    ]);
  });
});

describe('what the question asks for', () => {
  it('a which-question is answered by a name written out in words', () => {
    const kind = questionKind('Which benchmarks and metrics are used to compare multi-object trackers?');
    const cues = sentenceCues(
      'Performance was evaluated using Higher Order Tracking Accuracy, a metric that balances detection and association.',
      new Set(),
      kind,
    );
    expect(cues.names).toBeGreaterThanOrEqual(1);
  });

  it('a does-it-help question prefers a finding with its comparison to one without', () => {
    const thermal = paper(
      't',
      'Tracking at night is hard.',
      'Experiments on the thermal tracking dataset demonstrate that the approach is highly effective across various thermal camera conditions.',
      'On night sequences, adding thermal input to tracking improves accuracy by 12% over RGB-only trackers.',
    );
    expect(quoted('Does adding thermal input make tracking more robust at night?', [thermal])).toEqual([
      'On night sequences, adding thermal input to tracking improves accuracy by 12% over RGB-only trackers.',
    ]);
    expect(questionKind('How much accuracy does adding differential privacy cost?').compare).toBe(true);
  });

  it('a why-question hears a cause in "since they" and "by discarding"', () => {
    const q = questionKind('Why do cache compression methods struggle with reasoning models?');
    const cues = sentenceCues(
      'Token-dropping methods break reasoning integrity by discarding critical information, since they were designed for retrieval tasks.',
      new Set(),
      q,
    );
    expect(cues.cause).toBe(true);
  });

  it('a closing "highlights the promise" line is a hope, and "we conduct a study" a set-up', () => {
    expect(
      sentenceCues(
        'These findings highlight the promise of combining LLMs with external tools in translation.',
        new Set(),
      ).speculation,
    ).toBe(true);
    expect(
      sentenceCues('We conduct a systematic study to explore key questions around this approach.', new Set())
        .setup,
    ).toBe(true);
  });

  it('a release of code or checkpoints is never an answer', () => {
    expect(
      sentenceCues('To enable reuse of our policies, we release software and policy checkpoints.', new Set())
        .boilerplate,
    ).toBe(true);
  });

  it("a finding that names none of the question's words answers next to the sentence that does", () => {
    const bot = paper(
      'k',
      'Farmers need timely advice.',
      'We build a voice chatbot that gives farmers advice on crops from retrieved agricultural documents.',
      'In a pilot evaluation, it produced high-quality responses for 72.7% of queries, compared with 41% for a general assistant.',
      'Weather is variable.',
    );
    expect(quoted('Do chatbots give reliable advice to farmers?', [bot])).toEqual([
      'In a pilot evaluation, it produced high-quality responses for 72.7% of queries, compared with 41% for a general assistant.',
    ]);
    const far = paper('f', 'Farmers need timely advice.', 'Weather is variable.', 'Accuracy was 72.7%.');
    expect(quoted('Do chatbots give reliable advice to farmers?', [far])).toEqual([]);
  });
});

describe('a quoted sentence', () => {
  const latex = paper(
    'l',
    'Trackers lose identities under occlusion.',
    'By integrating a \\textbf{motion direction maintenance (EMA)} mechanism into the OC-SORT framework, our tracker keeps target identities under occlusion with $\\pi_0$ features and 70\\% fewer switches.',
  );
  const question = 'How do trackers keep target identities under occlusion?';

  it('shows LaTeX markup as text', () => {
    expect(quoted(question, [latex])).toEqual([
      'By integrating a motion direction maintenance (EMA) mechanism into the OC-SORT framework, our tracker keeps target identities under occlusion with π_0 features and 70% fewer switches.',
    ]);
  });

  it('is quoted from its abstract read as text, and nothing else is', () => {
    const [shown] = quoted(question, [latex]);
    expect(quotedFrom(shown!, latex.abstract)).toBe(true);
    expect(quotedFrom('our tracker keeps target identities with 90% fewer switches', latex.abstract)).toBe(
      false,
    );
    expect(quotedFrom('', latex.abstract)).toBe(false);
  });
});

describe('a release clause', () => {
  it('is boilerplate when it opens the line or names code, not when it closes a line about benchmarks (set 5 Q22)', () => {
    const q = 'Which benchmarks and metrics are used to evaluate unlearning in large language models?';
    const cues = (t: string) => sentenceCues(t, new Set(searchTerms(q)), questionKind(q)).boilerplate;
    expect(
      cues(
        'OpenUnlearning integrates 9 unlearning algorithms and 16 diverse evaluations across 3 leading benchmarks (TOFU, MUSE, and WMDP) and also enables analyses of forgetting behaviors across 450+ checkpoints we publicly release.',
      ),
    ).toBe(false);
    expect(cues('We release code, models, and training data at our project page.')).toBe(true);
    expect(cues('Finally, we publicly release our code and benchmark.')).toBe(true);
  });
});
