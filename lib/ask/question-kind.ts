/** What kind of answer a question asks for (./answer-cues.ts reads a sentence's cues for it). */
export interface QuestionKind {
  /** "Which benchmarks / methods / environments ...": sentences that name things of the kind asked for. */
  names: boolean;
  /**
   * The kinds of thing asked for ("simulators", "benchmarks"), each its first five letters: a sentence naming
   * them says one of them.
   */
  named: string[];
  /** "How ...": how it is done (a mechanism) or what it gives. */
  how: boolean;
  /** "Why ...": causes and explanations. */
  why: boolean;
  /** "Can / does / is ...", "what speedups are reported": findings and numbers. */
  finding: boolean;
  /** "Can / does / is ...": a yes or no, which a statement of the field may give. */
  yesNo: boolean;
  /** "Does X help / beat Y", "how much does X cost": a finding answers it only measured against something. */
  compare: boolean;
}

const YES_NO = /^(?:can|could|does|do|did|is|are|was|were|will|has|have|should)\b/i;

/** The kinds of thing a "which ..." question may ask to be named. */
const KINDS =
  /\b(?:methods?|benchmarks?|datasets?|data sets?|environments?|models|tools|metrics|baselines|tasks|architectures|algorithms|approaches|techniques|simulators?|corpora)\b/;

const NAMING = new RegExp(`\\b(?:which|what)\\b.*?${KINDS.source}`, 'i');

export function questionKind(question: string): QuestionKind {
  const q = question.trim();
  const naming = NAMING.exec(q);
  return {
    names: naming !== null,
    // Every kind the question names: "which simulators and benchmarks" is answered by either.
    named: naming
      ? [...q.slice(naming.index).matchAll(new RegExp(KINDS, 'gi'))].map((m) =>
          m[0].slice(0, 5).toLowerCase(),
        )
      : [],
    how: /\bhow\b(?!\s+(?:many|much)\b)/i.test(q),
    why: /\bwhy\b|\bwhat (?:causes|explains|drives)\b/i.test(q),
    yesNo: YES_NO.test(q),
    compare:
      YES_NO.test(q) ||
      /\b(?:beat|better|worse|more|less|improv\w*|hurt|help|cost|beyond|than|versus)\b/i.test(q),
    finding:
      YES_NO.test(q) ||
      /\bhow (?:many|much|fast|well|large)\b|\b(?:speed-?ups?|gains?|improvements?|accuracy|reported)\b/i.test(
        q,
      ),
  };
}
