import type { SentenceCues } from './answer-cues';
import type { QuestionKind } from './question-kind';

/**
 * The part a sentence plays in its abstract, read from its cues (answer-cues.ts), its wording and its place.
 * On the fifth question set both readers named one failure above the rest: the right paper cited, the wrong
 * sentence shown (a problem statement, a "we propose X" line without the how, a results claim that names
 * nothing) while another sentence of the same abstract, often the next, answered (ask-judged-6.md: 12 of 28
 * failing sentences; ask-judged-7.md: 11 questions).
 */
export type Role =
  | 'background'
  | 'problem'
  | 'definition'
  | 'proposal'
  | 'setup'
  | 'method'
  | 'finding'
  | 'results'
  | 'other';

/** Roles that say how or what: a mechanism, or a finding with content (a number, a name, a comparison). */
const STRONG: ReadonlySet<Role> = new Set(['method', 'finding']);
/** Roles that lead up to an answer without giving one. */
const WEAK: ReadonlySet<Role> = new Set([
  'background',
  'problem',
  'definition',
  'proposal',
  'setup',
  'results',
]);

/** Lines a continuation follows: the problem it solves, the proposal whose how it gives. */
const LEADS: ReadonlySet<Role> = new Set(['problem', 'proposal']);

/** What goes wrong or is missing: "The core difficulty lies in", "A key reason is that", "may persist". */
const PROBLEM =
  /\b(?:(?:core|key|main|central|fundamental) (?:difficulty|challenge|problem|issue|reason|obstacle|bottleneck|limitation)|long-standing problem|but (?:also )?(?:introduce|require|suffer|lack|incur)s?|(?:works|studies|methods|approaches) have (?:\w+ly )?(?:adapted|used|explored|attempted|focused|relied)|(?:may|can|often) persist|lags? behind|fails? to|unable to|cannot|overlook\w*|neglect\w*|ignor(?:e|es|ing)|this (?:occurs|happens|arises) because|(?:is|are|remains?) (?:largely )?(?:unexplored|underexplored|unclear|unknown|unresolved))\b/i;

/** A definition: "X is a ...", "X refers to", "known as". */
const DEFINITION =
  /\b(?:refers? to|is defined as|known as|(?:is|are) (?:a|an) (?:class|family|type|kind|form) of)\b/i;

/** A finding's content: a number, or "we find that", "reveals that", "is the only one that". */
const CONTENT =
  /\d|\b(?:find|found|reveal\w*|observe\w*|show\w*|demonstrat\w*) that\b|\bthe only\b|\b(?:flatter|sharper|higher|lower|fewer|faster|slower)\b/i;

/** A finding said in words: "suggests that", "indicates that". */
const SUGGESTS = /\b(?:suggests?|indicates?|implies|imply) that\b/i;

/** An empty claim: "validate the effectiveness", "state-of-the-art performance", "superior generalization". */
const EMPTY_CLAIM =
  /\b(?:validat\w*|demonstrat\w*|confirm\w*|verif\w*) (?:the )?(?:effectiveness|efficacy|superiority|feasibility)\b|\b(?:state-of-the-art|superior|competitive|strong|remarkable) (?:performance|results|generali[sz]ation)\b|\bsets? a new standard\b/i;

/** A step of a method told without a subject: "Specifically, ...", "First, ...", "It then ...". */
const STEP =
  /^(?:specifically|first(?:ly)?|second(?:ly)?|then|next|finally|in addition|additionally|furthermore|moreover|to (?:this end|address|overcome|achieve|realize|solve)|(?:it|this (?:model|method|design|mechanism|module|framework|approach)))\b/i;

/** How a proposal line says it works: "that treats ... and uses ...", "by distilling", "via". */
const HOW =
  /\bby (?:\w+ly )?\w+ing\b|\b(?:which|that) (?:\w+ly )?(?:uses|learns|combines|leverages|treats|constructs|computes|predicts|encodes|maps|connects|aligns|decomposes|routes|reorders|moves|replaces|distills|integrates|models|groups|partitions|assigns)\b|\b(?:via|through|using)\b/i;

/** An evaluation told as a step: "We evaluate the proposed framework using ...", "Experiments on ...". */
const MEASURING =
  /\bwe (?:\w+ly )?(?:evaluate|test|validate|benchmark|assess)\b|^\s*(?:extensive |comprehensive )?experiments?\b/i;

/** The authors doing something in the sentence: "we", "our", "this paper". */
const OWN = /\b(?:we|our|this (?:paper|work|study))\b/i;

/** The sentence's role; `opening` is the first of an abstract with more sentences after it. */
export function sentenceRole(text: string, cues: SentenceCues, opening: boolean): Role {
  const own = OWN.test(text);
  // A problem told in the field's voice ("The core difficulty lies in ...", "facts may persist through ..."):
  // its "through" or "by" is how the problem arises, not how anything is done.
  if (!own && PROBLEM.test(text) && !CONTENT.test(text)) return 'problem';
  const content = CONTENT.test(text) || cues.names > 0 || cues.comparison;
  if (cues.finding && content && !cues.speculation && !(cues.results && !CONTENT.test(text)))
    return 'finding';
  // "Further analysis suggests that alignment ... is a critical driver": a finding in words, not a problem.
  if (SUGGESTS.test(text) && !cues.speculation) return 'finding';
  // A mechanism is the authors' or a named method's ("DiCo performs ...", "Specifically, ..."); one told of the
  // field ("world models, which predict the future") or of an evaluation ("we evaluate ... using") is not.
  const actor = own || cues.names > 0 || STEP.test(text);
  const measured = cues.setup || cues.evaluation || MEASURING.test(text);
  // "We introduce TRACE, a novel method to erase ...": a name and an aim; the how is in what follows.
  if ((cues.proposal || cues.framing) && !HOW.test(text)) return 'proposal';
  if ((cues.mechanism || HOW.test(text)) && actor && !measured && !cues.results) return 'method';
  if (measured) return 'setup';
  if (cues.proposal || cues.framing) return 'proposal';
  if (cues.finding || cues.results || EMPTY_CLAIM.test(text) || cues.speculation) return 'results';
  if (DEFINITION.test(text) && !own) return 'definition';
  // "Unlike prior methods, SCORE minimizes ...": a named method's move, told against the field.
  if (PROBLEM.test(text) || (cues.background > 0 && !own && cues.names === 0)) return 'problem';
  return opening ? 'background' : 'other';
}

/**
 * How a sentence stands to the sentences around it in its abstract, as two features in [0, 1]:
 * - `ahead`: it plays a weak part (a problem, a proposal without the how, an empty results claim) and a sentence
 *   of the same abstract that says how or what holds some of the question, or follows it: the answer is there.
 *   For a problem line only the sentences after it count (the fix follows the problem); a why-question's
 *   problem line is its answer, and a yes-or-no question's may be ("do VLMs hallucinate?"), so none counts then.
 * - `follows`: it says how or what and comes right after a weak line that holds the question's words; it
 *   continues that line ("To address this, we propose ESPO, which uses the ELBO as ..."), so it holds the
 *   question's share of the line before it.
 */
export function roleContext(
  papers: readonly string[],
  roles: readonly Role[],
  covers: readonly number[],
  kind: QuestionKind,
): { ahead: number[]; follows: number[] } {
  const ahead = roles.map((role, i) => {
    if (!WEAK.has(role) || ((kind.why || kind.yesNo) && role === 'problem')) return 0;
    const after = role === 'problem' || role === 'proposal' || role === 'setup';
    let first = i;
    while (!after && first > 0 && papers[first - 1] === papers[i]) first--;
    for (let j = after ? i + 1 : first; j < roles.length && papers[j] === papers[i]; j++)
      if (j !== i && STRONG.has(roles[j]!) && (covers[j]! > 0 || j === i + 1)) return 1;
    return 0;
  });
  const follows = roles.map((role, i) =>
    i > 0 && papers[i - 1] === papers[i] && STRONG.has(role) && LEADS.has(roles[i - 1]!) ? covers[i - 1]! : 0,
  );
  return { ahead, follows };
}
