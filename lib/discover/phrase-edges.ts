/**
 * Which word sequences can be a topic phrase. A topic is named by a noun phrase ("test-time scaling",
 * "GRPO", "mixture of experts"), so a phrase never starts or ends on a function word, a verb of academic
 * prose or an evaluative adjective, and only a few linking words may sit inside it.
 */

// Function words: never at an edge.
const FUNCTION = `a an the and or nor but if then than so as at by for from in into of on onto to with without
within via per over under about above below between among across through during after before since until upon
while whereas whether though although because due this that these those there here it its itself they them
their we our us you your he she his her i me my one ones such each every any all both either neither some
many much more most less least few several other others another same own only also even just still yet very
too not no can could may might must shall should will would do does did done be is are was were been being
has have had having which who whom whose what when where why how ie eg etc vs versus et al up down out off
thus hence however moreover furthermore therefore meanwhile instead rather whereby toward towards around
beyond against along alongside despite unlike like lets let`;

// Words of academic prose and evaluation that name no topic, singular forms (words are plural-folded).
const PROSE = `propose proposed proposing present presented presenting introduce introduced introducing show showed
shown showing demonstrate demonstrated demonstrating achieve achieved achieving achieves outperform outperforms
outperforming outperformed improve improved improving improvement enable enabled enabling enable use used using
usage leverage leveraged leveraging based make made making provide provided providing address addressed
addressing study studied studying paper work approach method methods framework result finding findings
experiment experimental extensive comprehensive novel new existing recent recently current prior previous
state art sota significant significantly substantial substantially superior effective effectively efficient
efficiently robust strong stronger better best simple
key main first second third two three four five various different diverse generic specific
particular potential important crucial critical challenging challenge issue problem task tasks performance
ability capability capabilities remains remain remaining keep keeps kept yield yields yielding reveal reveals
revealed suggest suggests indicate indicates emerge emerges emerging enables lead leads leading help helps
allow allows across overall respectively notably often typically widely commonly increasingly
consistently largely highly fully well further additionally specifically finally code available publicly
release released github https http www com org project page model's paper's furthermore ablation
ablations study's accurate complex direct reliable precise fast faster scalable flexible powerful
lightweight unified improved enhanced advanced modern standard traditional conventional typical practical
real-world holistic principled systematic simple better participating participate participated
bridging bridge need needed global local adaptive dynamic ten hundred thousand million dozen`;

const EDGE_BANNED = new Set([...FUNCTION.split(/\s+/), ...PROSE.split(/\s+/)]);

// Words in -ed or -ly that do end topic names.
const KEEP_END = new Set([
  'embed',
  'speed',
  'seed',
  'need',
  'feed',
  'bed',
  'red',
  'reply',
  'family',
  'assembly',
  'anomaly',
  'supply',
  'italy',
]);

// Linking words allowed inside a phrase: "chain of thought", "learning from human feedback".
// ("and" is left out: "X and Y" is a list of two things, not one.)
const INNER = new Set(['of', 'for', 'in', 'on', 'with', 'to', 'from', 'as']);

// Second halves of hyphenated compounds ("uncertainty-aware", "LLM-based"): "aware planning" is a fragment
// and "structure-aware" an adjective; neither names a topic.
const NOT_FIRST = new Set(
  `aware based driven guided free aligned conditioned specific oriented level scale wise agnostic centric
  augmented enhanced grounded informed tuned trained like style only related dependent independent efficient
  intensive rich friendly ready critical sensitive preserving consistent`.split(/\s+/),
);

// Modifiers that never end a name: "semantic 3D" is cut from "semantic 3D reconstruction".
const NOT_LAST = new Set([
  '2d',
  '3d',
  '4d',
  'multi',
  'cross',
  'open',
  'fine',
  'real',
  'non',
  'pre',
  'self',
  'semi',
  'co',
  'sub',
  'inter',
  'intra',
  'zero',
  'few',
  'end',
  'long',
  'short',
]);

const NUMBER = /^\p{N}+(?:\.\p{N}+)*$/u;
// "10th", "2nd": an edition, not a topic word on its own.
const ORDINAL = /^\p{N}+(?:st|nd|rd|th)$/u;
// A phrase ending in an adverb ("temporally") or a participle ("geometry aligned") is cut from a longer one.
const BAD_END = /(?:ly|ed)$/;

/** Whether a (plural-folded, lower-case) word may start or end a phrase. */
export function canEdge(key: string, isFirst: boolean): boolean {
  if (EDGE_BANNED.has(key) || ORDINAL.test(key)) return false;
  if (
    isFirst
      ? NOT_FIRST.has(key)
      : NOT_LAST.has(key) || NOT_FIRST.has(key) || (key.length > 4 && BAD_END.test(key) && !KEEP_END.has(key))
  )
    return false;
  // A lone letter ("a", "x") names nothing; a number may end a phrase ("GPT 5", "SAM 3") but not start one.
  if (key.length < 2 && !NUMBER.test(key)) return false;
  if (isFirst && NUMBER.test(key)) return false;
  return true;
}

/** Whether a word may sit inside a phrase (between its edges). */
export function canInner(key: string): boolean {
  return INNER.has(key) || !EDGE_BANNED.has(key);
}

/** A phrase of one word must also not be a number. */
export function isNumber(key: string): boolean {
  return NUMBER.test(key);
}
