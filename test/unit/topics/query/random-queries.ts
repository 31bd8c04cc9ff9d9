import { seededRandom } from '@/lib/random';

/** Seeded random query generators for the fuzz test (deterministic: a failure can be replayed). */

export interface Random {
  next(): number;
  int(below: number): number;
  pick<T>(items: readonly T[]): T;
}

export function createRandom(seed: number): Random {
  const next = seededRandom(seed);
  const int = (below: number): number => Math.floor(next() * below);
  return { next, int, pick: (items) => items[int(items.length)]! };
}

const ALPHABET = [
  ...'()"*:-. \t\nabcxyzABRLGP019',
  'AND',
  'OR',
  'ANDNOT',
  'ti:',
  'au:',
  'cat:',
  '\u201C',
  '\u201D',
  '\u00A0',
  '\u0301',
  '\uD800',
  '\u{1F600}',
  'é',
  '深',
  'ß',
  '\u0000',
];

export function randomChars(random: Random, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += random.pick(ALPHABET);
  return text;
}

const WORDS = [
  'agents',
  'RL',
  'LLM',
  'world',
  'model',
  'on-policy',
  'GRPO',
  'smith',
  'locomotion',
  'a',
  'Zoë',
  '3DGS',
];
const TOKENS = [
  ...WORDS,
  'AND',
  'OR',
  'ANDNOT',
  '(',
  ')',
  '"world model"',
  '"',
  'ti:',
  'abs:',
  'au:',
  'cat:',
  'cat:cs.RO',
  'cat:cs',
  'cat:cs.*',
  'agent*',
  '*',
  'xx:',
  'NOT',
  'or',
  '-robot',
  '""',
];

export function randomTokens(random: Random, count: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(random.pick(TOKENS));
  return parts.join(random.next() < 0.3 ? '' : ' ');
}

const CATEGORIES = ['cs.RO', 'cs.LG', 'cs', 'cs.*', 'hep-th', 'math.PR', 'cond-mat.mes-hall'];
const AUTHORS = ['smith', '"Jane Smith"', '"Smith, J"', 'muller', 'zh*', 'Zoë'];
const TEXT_TERMS = [...WORDS, '"world model"', '"large language models"', 'agent*', '"LLM agents"', 'loco*'];

/** A query that is valid by construction: every one must compile. */
export function grammarQuery(random: Random, depth: number): string {
  const roll = random.next();
  if (depth <= 0 || roll < 0.45) return term(random);
  if (roll < 0.6) return `(${grammarQuery(random, depth - 1)})`;
  if (roll < 0.7) return `${random.pick(['ti:', 'abs:', 'au:', 'cat:'])}(${fieldGroup(random)})`;
  const operator = random.pick([' AND ', ' OR ', ' ANDNOT ', ' ']);
  return `${grammarQuery(random, depth - 1)}${operator}${grammarQuery(random, depth - 1)}`;
}

function term(random: Random): string {
  const roll = random.next();
  if (roll < 0.15) return `cat:${random.pick(CATEGORIES)}`;
  if (roll < 0.3) return `au:${random.pick(AUTHORS)}`;
  const prefix = random.pick(['', '', 'ti:', 'abs:']);
  return prefix + random.pick(TEXT_TERMS);
}

/** The inside of a prefixed group: words that suit every field (`cat:(cs OR cs.RO)`, `au:(smith OR jones)`). */
function fieldGroup(random: Random): string {
  const words = ['cs', 'cs.RO', 'hep-th'];
  return `${random.pick(words)}${random.pick([' OR ', ' AND ', ' ANDNOT ', ' '])}${random.pick(words)}`;
}
