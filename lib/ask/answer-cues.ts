import { isNameLike } from './named-things';
import type { QuestionKind } from './question-kind';

/**
 * The cues in a sentence that give an answer of a question's kind (./question-kind.ts): an abstract's
 * sentences play parts (background, the gap, what we propose, how it works, what it achieves); a question
 * is answered by some of those parts and not by others, whatever words they share with it.
 */

/** How it is done: a mechanism, a construction, a step. */
const MECHANISM =
  /\b(?:by (?:\w+ing|\w+ly \w+ing)|via|through|using|leverag\w*|combin\w*|integrat\w*|consists? of|compris\w*|decompos\w*|employ\w*|incorporat\w*|exploit\w*|conditions? on|encod\w*|filter\w*|prun\w*|rerank\w*|distill\w*|learns?|predicts?|estimat\w*|replac\w*|adaptively|dynamically|jointly|iteratively|instead of|encourag\w*|penali[sz]\w*|constrain\w*|regulari[sz]\w*|enforc\w*|mask\w*|suspend\w*|prevent\w*|guid\w*|align\w*|calibrat\w*|normali[sz]\w*|clip\w*|reus\w*|cach\w*|skip\w*|quantiz\w*|compress\w*|tokeniz\w*|discreti[sz]\w*|(?:represent|model|treat|formulat|cast)\w* (?:\w+ )?as)\b/i;

/** What it gives: findings, comparisons, numbers. */
const FINDING =
  /\b(?:achiev\w*|outperform\w*|yield(?:s|ed)|(?:the )?(?:strongest|highest|lowest) (?:\w+ )?(?:agreement|accuracy|performance|alignment|correlation)|surpass\w*|improv\w*|reduc\w*|match\w*|comparable|rival\w*|speed-?ups?|faster|accelerat\w*|we (?:show|find|found|demonstrate|observe|reveal|prove)|(?:results|experiments|analys[ie]s|evaluations?) (?:show|demonstrate|indicate|reveal|confirm)|(?:shows?|reveals?|demonstrates?|confirms?) that|\d+(?:\.\d+)?\s*(?:%|x\b|×|times|points|pp\b))/i;

/** A comparison: a finding measured against something ("than", "compared to", "over the baseline", "vs."). */
const COMPARISON =
  /\b(?:than|compared (?:to|with)|in comparison|relative to|over (?:the |a |an )?(?:\w+ )?(?:baselines?|standard|conventional|vanilla|original|counterparts?)|vs\.?|versus|outperform\w*|surpass\w*|beats?|without (?:\w+ ){0,3}(?:drop|loss|degradation)|(?:drops?|degrad\w*|loss) (?:of|by|in) )/i;

/** A results line: it reports how well something did, not how it works (experiments, comparisons, scores). */
const RESULTS =
  /\bexperiments? (?:on|across|with|over)\b|\boutperform\w*|\b(?:state-of-the-art|competitive|superior|comparable) (?:performance|results|quality)\b|\bsets? a new state[- ]of[- ]the[- ]art\b|\b\d+(?:\.\d+)?\s*dB\b|\bPSNR\b/i;

/** "through experiments", "by ablation": how it was measured, not how it works. */
const MEASURED =
  /^\s*(?:\w+\s+)?(?:experiments?|evaluations?|ablations?|analys[ie]s|studies|benchmarks?|comparisons?)\b/i;

/** Causes. */
const CAUSE =
  /\b(?:because|due to|caus\w*|aris\w*|stem\w* from|root\w*|origin\w*|attribut\w* to|leads? to|results? from|explain\w*|driven by|incentiv\w*|rewards? guessing|source of|accumulat\w*|compound\w*|propagat\w*|disrupt\w*|break\w* the assumptions?|assum\w*|resulting in|since (?:they|it|these|such)|by (?:discarding|ignoring|dropping|removing))\b/i;

/** Background and motivation: what the field does or lacks, not what answers a question about it. */
const BACKGROUND = [
  /\b(?:has|have) (?:recently |also |long )?(?:been )?(?:demonstrated|shown|emerged|achieved|gained|become|attracted|made|seen|enabled|revolutioni[sz]ed|garnered|exhibited)\b/i,
  /\b(?:in recent years|recent(?:ly)? (?:advances|progress|years|works?|studies|developments))\b/i,
  /\bremains? (?:a |an )?(?:\w+ )?(?:challenge|challenging|open|difficult|unclear|underexplored|unsolved|limited)\b/i,
  /\b(?:however|nevertheless|despite|although)\b|^(?:while|though|unlike|in contrast)\b/i,
  /\b(?:suboptimal|ill-posed|insufficient|lack of|risks?)\b/i,
  /\b(?:struggl\w*|suffer\w*|fail\w*|hinder\w*|limit(?:s|ed|ing|ations?)|bottleneck\w*|costly|prohibitive)\b/i,
  /\b(?:is|are|has become) (?:a |an )?(?:crucial|essential|critical|fundamental|important|vital|key|central|promising|popular)\b/i,
  /\b(?:widely|commonly) (?:used|adopted|studied)|\bexisting (?:methods|approaches|works?|techniques|systems|literature)\b/i,
  /\b(?:requires?|necessitates?|demands?)\b/i,
  // Definitions and the state of the field: "a phenomenon known as", "X often hallucinate".
  /\b(?:known as|refers? to|is defined as|often|frequently|prevalent|pervasive|poses?|challenges?|challenging|difficult)\b/i,
  /\bcan be (?:divided|categori[sz]ed|classified|grouped|split) into\b/i,
  // Costs and obstacles: "rely on expensive sensors", "impractical to collect", "two key obstacles".
  /\b(?:expensive|impractical|obstacles?)\b/i,
  // Promise rather than finding: "presents new opportunities", "a promising solution".
  /\b(?:presents?|offers?|opens?) (?:new |novel )?opportunit\w*|\bpromising (?:solution|alternative|approach)\b/i,
  // What earlier methods did: "Recent post-training quantization (PTQ) methods have attempted ...".
  /\b(?:prior|previous|current|conventional|traditional|most|recent) (?:[\w()-]+ ){0,4}?(?:methods|approaches|works?|techniques|systems|models)\b/i,
];

/** "We propose X, a novel framework for ...": names a contribution; says how only if a mechanism follows. */
const PROPOSAL =
  /\b(?:we|this (?:paper|work)|our work)\s+(?:\w+ly\s+)?(?:propose|present|introduce)s?\b.*\b(?:framework|method|approach|model|system|paradigm|pipeline|module|architecture)\b/i;

/**
 * A study's set-up: what was studied or compared, not what was found ("We study the problem by comparing two
 * kinds of raters", "we investigate whether judges benefit"). Counted only where no finding follows.
 */
const SETUP =
  /\b(?:we|this (?:paper|work|study))\s+(?:\w+ly\s+)?(?:stud(?:y|ies)|investigat\w*|examin\w*|explor\w*|ask)\b|\bwe (?:conduct|perform|carry out) (?:a |an )?(?:\w+ ){0,2}(?:study|analysis|investigation)\b|\b(?:by|reframes? \w+ by) comparing\b|\bwhether\b|\b(?:methodology|protocol) (?:\w+ ){0,6}to (?:quantify|measure|assess)\b/i;

/** A sentence about evaluation: the names in it are what something was evaluated on. */
const EVALUATION =
  /\b(?:evaluat\w*|experiments?|tested|benchmark\w*|validat\w*) (?:\w+ ){0,3}(?:on|across|over|in)\b/i;

/** Closing hopes, not findings: "may accelerate the discovery", "paves the way", "future research". */
const SPECULATION =
  /\b(?:may|might|could) (?:\w+ )?(?:accelerate|advance|pave|open|enable|facilitate|benefit|inspire|help|improve)\w*|\bpav(?:e|es|ing) the way\b|\bfuture (?:research|work|directions|developments)\b|\bpromising (?:direction|avenue)\b|\bhighlights? (?:the )?(?:promise|potential|value)\b/i;

/** "..., we propose the CLS Token Attention Steering Prompts (CASP).": a name announced, and nothing after it. */
const NAMED_ONLY =
  /\b(?:we|this (?:paper|work))\s+(?:\w+ly\s+)?(?:propose|present|introduce)s?\s+(?:[^,;:.]{0,80}?\(\w[\w-]*\)|[A-Z][\w-]*)\s*\.?$/;

/**
 * A framing line: what the authors set out to do, not what they did or found ("we aim to learn X", "we develop
 * a model for Y", "the objective of our research is", "this paper first introduces", "one possible solution is
 * to", a question put to the reader). Never an answer unless it also says how (FRAMING_HOW).
 */
const FRAMING =
  /\b(?:we|this (?:paper|work|study))\s+(?:\w+ly\s+)?(?:aim|seek|strive|set out|intend|want)s?\s+to\b|\bwe\s+(?:\w+ly\s+)?develop(?:ed)?\b|\b(?:objective|goal|aim|purpose) of (?:our|this) (?:research|study|work|paper)\b|\b(?:was|were) (?:developed|built|constructed|created|designed) and used to\b|\bone (?:possible )?(?:solution|remedy|way|approach)\b[^.]{0,40}\bis to\b|\?["'”’)]*$/i;

/**
 * "This paper (first) introduces / presents X": frames, unless X is a named thing of the kind a which-question
 * asks for ("This paper presents COT-AD, a ... dataset").
 */
const INTRODUCES =
  /\bthis (?:paper|work|study|survey|review)\s+(?:first\s+)?(?:introduces|presents|describes|provides|outlines)\b/i;

/** How a framing line says it is done: "that learns orthogonal LoRA adapters to ...", "by distilling ...". */
const FRAMING_HOW =
  /\b(?:by (?:\w+ing|\w+ly \w+ing)|through \w+ing|that (?:\w+ly )?(?:learns|uses|combines|leverages|predicts|encodes|maps|generates|fuses|aligns)|which (?:can )?(?:then )?(?:be )?\w+ed to|which (?:\w+ly )?\w+s|consist\w* of|compris\w*)\b/i;

/**
 * Not about the question at all: where the code is, links. "We release" opens such a line or names what is
 * released; "across 450+ checkpoints we publicly release" closes a line about something else (set 5 Q22).
 */
const BOILERPLATE =
  /https?:|\\href|github|^(?:\w+,? ){0,3}we (?:also )?(?:will )?(?:publicly )?release\b|\bwe (?:also )?(?:will )?(?:publicly )?release (?:\w+ ){0,2}(?:code|data|datasets?|models?|weights|software|checkpoints|benchmarks?)\b|\b(?:code|data|models?)\b[^.]{0,40}\b(?:is|are|will be) (?:publicly )?(?:available|released)/i;

export interface SentenceCues {
  mechanism: boolean;
  finding: boolean;
  /** A results line (see RESULTS). */
  results: boolean;
  cause: boolean;
  /** Name-like words ("SWE-bench", "GRPO", "WebArena") the question does not hold. */
  names: number;
  /** The sentence says which kind of thing it names (the question's "environments", "datasets"). */
  namesKind: boolean;
  /** How many background patterns the sentence holds. */
  background: number;
  /** A link or a code-availability line. */
  boilerplate: boolean;
  /** "We propose X, a ... framework". */
  proposal: boolean;
  /** It speaks of evaluation ("evaluation on", "tested on", "experiments across"). */
  evaluation: boolean;
  /** A study's set-up (SETUP). */
  setup: boolean;
  /** A closing hope (SPECULATION). */
  speculation: boolean;
  /** A framing line that does not say how (FRAMING). */
  framing: boolean;
  /** It measures against something (COMPARISON). */
  comparison: boolean;
}

/** Content words (not the question's) in the few words after position `at`: a mechanism says something new. */
function saysMore(sentence: string, at: number, questionWords: ReadonlySet<string>): boolean {
  const after = sentence
    .slice(at)
    .split(/[^A-Za-z0-9-]+/)
    .slice(1, 6);
  return after.filter((w) => w.length > 3 && !questionWords.has(w.toLowerCase())).length >= 2;
}

function hasMechanism(sentence: string, questionWords: ReadonlySet<string>): boolean {
  for (const m of sentence.matchAll(new RegExp(MECHANISM, 'gi'))) {
    const end = m.index + m[0].length;
    if (MEASURED.test(sentence.slice(end))) continue;
    if (saysMore(sentence, end - 1, questionWords)) return true;
  }
  return false;
}

export function sentenceCues(
  sentence: string,
  questionWords: ReadonlySet<string>,
  kind?: QuestionKind,
): SentenceCues {
  const names = new Set(
    [...sentence.matchAll(/[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)*/g)]
      .map((m) => m[0])
      .filter((w) => isNameLike(w) && !questionWords.has(w.toLowerCase())),
  );
  // "Higher Order Tracking Accuracy": a name written out in capitalised words, not at the sentence's start.
  for (const m of sentence.slice(1).matchAll(/\b[A-Z][a-z]+(?: [A-Z][a-z]+){1,5}\b/g)) names.add(m[0]);
  const namesKind = (kind?.named ?? []).some((k) => sentence.toLowerCase().includes(k));
  return {
    mechanism: hasMechanism(sentence, questionWords),
    finding: FINDING.test(sentence),
    results: RESULTS.test(sentence),
    cause: CAUSE.test(sentence),
    names: names.size,
    namesKind,
    background: BACKGROUND.filter((re) => re.test(sentence)).length,
    boilerplate: BOILERPLATE.test(sentence),
    proposal: PROPOSAL.test(sentence) || NAMED_ONLY.test(sentence),
    evaluation: EVALUATION.test(sentence),
    setup: SETUP.test(sentence),
    speculation: SPECULATION.test(sentence),
    framing:
      (FRAMING.test(sentence) || (INTRODUCES.test(sentence) && !(namesKind && names.size > 0))) &&
      !FRAMING_HOW.test(sentence),
    comparison: COMPARISON.test(sentence),
  };
}

/** How well a sentence's part fits the kind of answer asked for, in [0, 1]. */
export function cueFit(kind: QuestionKind, cues: SentenceCues): number {
  let fit = 0;
  // Names in a sentence about evaluation are the benchmarks it was evaluated on, whatever it calls them.
  if (kind.names && (cues.namesKind || cues.evaluation)) fit = Math.max(fit, Math.min(1, cues.names / 2));
  // A study's set-up ("by comparing two kinds of raters") or its validation ("we validate our method across
  // several models, using ...") is how it was studied, not how a thing works.
  const mechanism = cues.mechanism && !cues.setup && !(cues.evaluation && !kind.names);
  // A results line says how well, not how: it answers "how" only when the question also asks for a finding.
  if (kind.how && !(cues.results && !kind.finding))
    fit = Math.max(fit, mechanism ? 1 : cues.finding ? 0.5 : 0);
  // A limitation ("X lacks Y", "struggles with Z") is half a cause: what goes wrong, if not always why.
  if (kind.why) fit = Math.max(fit, cues.cause ? 1 : cues.background > 0 || cues.finding ? 0.5 : 0);
  // "Does X help / beat Y": a finding answers it fully only measured against what X is compared with.
  if (kind.finding)
    fit = Math.max(fit, cues.finding ? (kind.compare && !cues.comparison ? 0.7 : 1) : mechanism ? 0.3 : 0);
  if (!kind.names && !kind.how && !kind.why && !kind.finding) fit = mechanism || cues.finding ? 1 : 0.5;
  return fit;
}
