import { describe, expect, it } from 'vitest';
import { sentenceCues } from '../../../lib/ask/answer-cues';
import { extractAnswer } from '../../../lib/ask/extractive';
import { questionKind } from '../../../lib/ask/question-kind';
import { roleContext, sentenceRole } from '../../../lib/ask/sentence-role';
import { searchTerms } from '../../../lib/search/search-tokens';

/** The role of a sentence read for a question (cues read with the question's words, as candidates does). */
function role(question: string, text: string, opening = false) {
  const cues = sentenceCues(text, new Set(searchTerms(question)), questionKind(question));
  return sentenceRole(text, cues, opening);
}

// Set 5's readers (ask-judged-6.md, ask-judged-7.md): the problem line was shown and the next sentence answered.
const WEDLM = {
  id: '2512.22737',
  title: 'WeDLM: Reconciling Diffusion Language Models with Standard Causal Attention for Fast Inference',
  abstract:
    'Autoregressive (AR) generation is the standard decoding paradigm for Large Language Models (LLMs), but its token-by-token nature limits parallelism at inference time. Diffusion Language Models (DLLMs) offer parallel decoding by recovering multiple masked tokens per step; however, in practice they often fail to translate this parallelism into deployment speed gains over optimized AR engines (e.g., vLLM). A key reason is that many DLLMs rely on bidirectional attention, which breaks standard prefix KV caching and forces repeated contextualization, undermining efficiency. We propose WeDLM, a diffusion decoding framework built entirely on standard causal attention to make parallel generation prefix-cache friendly. The core idea is to let each masked position condition on all currently observed tokens while keeping a strict causal mask, achieved by Topological Reordering that moves observed tokens to the physical prefix while preserving their logical positions.',
};
const KG = {
  id: '2506.05735',
  title: 'Do LLMs Really Forget? Evaluating Unlearning with Knowledge Correlation and Confidence Awareness',
  abstract:
    'Machine unlearning techniques aim to mitigate unintended memorization in large language models (LLMs). However, existing approaches predominantly focus on the explicit removal of isolated facts, often overlooking latent inferential dependencies and the non-deterministic nature of knowledge within LLMs. Consequently, facts presumed forgotten may persist implicitly through correlated information. To address these challenges, we propose a knowledge unlearning evaluation framework that more accurately captures the implicit structure of real-world knowledge by representing relevant factual contexts as knowledge graphs with associated confidence scores. We further develop an inference-based evaluation protocol leveraging powerful LLMs as judges; these judges reason over the extracted knowledge subgraph to determine unlearning success.',
};
const Q12 =
  'How do diffusion LLMs speed up inference, for example with caching or decoding many tokens in parallel, and what does it cost in quality?';
const Q21 =
  'How can we check that an unlearned model has really forgotten the data rather than only hiding it?';

describe('sentence roles', () => {
  it('reads a problem told in the field voice as a problem, even with a "through" in it', () => {
    expect(
      role(
        Q12,
        'A key reason is that many DLLMs rely on bidirectional attention, which breaks standard prefix KV caching and forces repeated contextualization, undermining efficiency.',
      ),
    ).toBe('problem');
    expect(
      role(
        Q21,
        'Consequently, facts presumed forgotten may persist implicitly through correlated information.',
      ),
    ).toBe('problem');
  });
  it('reads "we introduce X, a novel method to ..." without the how as a proposal, and with it as a method', () => {
    const q =
      'How do concept erasure methods stop text-to-image diffusion models from generating a particular style?';
    expect(
      role(
        q,
        'In this paper, we introduce TRACE, a novel method to erase targeted concepts from diffusion models while preserving overall generative quality.',
      ),
    ).toBe('proposal');
    expect(
      role(
        q,
        'We propose ESPO, a principled RL framework that treats entire sequence generation as a single action and uses the ELBO as a tractable sequence-level likelihood proxy.',
      ),
    ).toBe('method');
  });
  it('reads a finding with content as a finding and an empty claim as results', () => {
    const q = 'Do individual experts specialise in particular topics or languages?';
    expect(
      role(
        q,
        'We find that MoE models route tokens in language-specific ways in the early and late decoder layers.',
      ),
    ).toBe('finding');
    expect(
      role(
        q,
        'These findings validate the effectiveness of masked diffusion modeling combined with multi-stage tuning.',
      ),
    ).toBe('results');
  });
  it('reads "analysis suggests that ..." as a finding, not a problem', () => {
    const q = 'How are language model agents used to make trading or portfolio decisions?';
    expect(
      role(
        q,
        'Crucially, further analysis of intermediate agent outputs suggests that alignment between analytical outputs and downstream decision preferences is a critical driver of system performance.',
      ),
    ).toBe('finding');
  });
  it('reads an evaluation step as a set-up, not a method', () => {
    const q = 'How are language model agents used to make trading or portfolio decisions?';
    expect(
      role(
        q,
        'We evaluate the proposed framework using Japanese stock data, including prices, financial statements, news, and macro information.',
      ),
    ).toBe('setup');
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

describe('roleContext', () => {
  const kind = questionKind('How is it done?');
  it('marks a problem line whose next sentence says how, and the sentence that continues it', () => {
    const c = roleContext(['a', 'a', 'a'], ['background', 'problem', 'method'], [0.1, 0.5, 0], kind);
    expect(c.ahead).toEqual([0, 1, 0]);
    expect(c.follows).toEqual([0, 0, 0.5]);
  });
  it('leaves a problem line alone when nothing after it in its abstract says how, or the question asks why', () => {
    expect(
      roleContext(['a', 'a', 'b'], ['method', 'problem', 'method'], [0.2, 0.5, 0.4], kind).ahead,
    ).toEqual([0, 0, 0]);
    const why = questionKind('Why do world models lose consistency?');
    expect(roleContext(['a', 'a'], ['problem', 'method'], [0.5, 0], why).ahead).toEqual([0, 0]);
  });
});

describe('the extractive answer shows the sentence after the problem line (set 5, failing before)', () => {
  it('WeDLM: the Topological Reordering line, not "A key reason is that ..."', () => {
    const shown = extractAnswer(Q12, [WEDLM]).groups.flatMap((g) => g.sentences);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/^The core idea is to let each masked position/);
  });
  it('knowledge-graph judges: the LLM-judge protocol, not "facts presumed forgotten may persist"', () => {
    const shown = extractAnswer(Q21, [KG]).groups.flatMap((g) => g.sentences);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatch(/^We further develop an inference-based evaluation protocol/);
  });
});
