import type { ExactKind } from './exact-answers';

/** The questions the topic page suggests: each answered exactly, from counts over the topic's papers. */
export const SUGGESTED_QUESTIONS: readonly { kind: Exclude<ExactKind, 'relate'>; question: string }[] = [
  { kind: 'new', question: "What's new in the last four weeks?" },
  { kind: 'benchmarks', question: 'Which benchmarks and datasets?' },
  { kind: 'methods', question: 'Which methods?' },
  { kind: 'authors', question: 'Who is most active?' },
];

export function relateQuestion(otherName: string): string {
  return `How does it relate to ${otherName}?`;
}

export interface ExactQuestion {
  kind: ExactKind;
  /** For 'relate': the other topic as the question names it. */
  other?: string;
}

// Each kind's phrasings; a question is exact only when nothing but these and filler words remains, so
// "which methods do people use for credit assignment?" stays a free question.
const KINDS: readonly [ExactKind, RegExp][] = [
  [
    'new',
    /\b(?:what(?:'|’)?s|what is|what are) (?:new|recent)\b|\b(?:last|past) (?:four|4) weeks\b|\bthis month\b|\blately\b|\bnew papers\b/gi,
  ],
  ['benchmarks', /\bbenchmarks?\b|\bdatasets?\b|\bevaluat\w*\b/gi],
  ['methods', /\bmethods?\b|\bapproach(?:es)?\b|\btechniques?\b/gi],
  [
    'authors',
    /\bmost active\b|\bwho\b|\bauthors?\b|\bactive\b|\bwork(?:s|ing)? (?:on|in)\b|\bpublish(?:es|ing)?\b/gi,
  ],
];

const FILLER = new Set(
  (
    'a about all and any are be being by do does for here how in is it its most of on people popular ' +
    'the their there these they this topic used use uses using what whats which who area field papers ' +
    'paper research common commonly main mainly top mostly so far recently new lately s'
  ).split(' '),
);

const RELATE =
  /\b(?:relates?|related|compare[sd]?|overlaps?|connect(?:ed|s)?)\s+(?:it\s+)?(?:to|with)\s+(.+?)\s*\??\s*$/i;

/** The exact kind a question asks, or undefined for a free question. */
export function exactQuestion(question: string): ExactQuestion | undefined {
  const relate = RELATE.exec(question);
  if (relate) return { kind: 'relate', other: relate[1]!.replace(/^(?:the|topic)\s+/i, '').trim() };
  for (const [kind, pattern] of KINDS) {
    if (!pattern.test(question)) continue;
    pattern.lastIndex = 0;
    const rest = question
      .replace(pattern, ' ')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w && !FILLER.has(w));
    if (rest.length === 0) return { kind };
  }
  return undefined;
}
