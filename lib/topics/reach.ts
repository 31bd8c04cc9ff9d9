import { stemWord } from '../text/tokens';
import { TOKENIZER_VERSION } from '../text/words';
import type { CompiledPack } from './load-pack';
import { ACRONYM, ANY, EXACT, INFLECTED, scanTables } from './matching/phrase-index';
import { type ModelReach, modelReaches } from './model/model-reach';
import { ROLE_BITS, ROLE_GROUP, ROLE_STRONG, ROLE_TITLE_ONLY, ROLES } from './pack/model';
import { RAW } from './reach-phrases';
import { SCORE } from './scoring/fine-scoring';
import { MAX_FINE_TOPICS } from './tagger';

export type { ModelReach, ReachFeature } from './model/model-reach';

/**
 * What a stored index was tagged under, topic by topic, so that a re-tag after a change touches only the
 * papers the change can reach (lib/ingest/reindex.ts). Per fine topic: a fingerprint of everything of it
 * that the tagger reads (its phrases and roles, gate, weight, parents, its learned weights and threshold)
 * and its reach: words a paper must hold for the topic to count in it at all. `global` is everything else
 * that shapes tags (the tokenizer, the limits and scores, the categories, the user's topics, and the code's
 * TAGGING_LOGIC): when it differs, every paper is re-tagged.
 *
 * A topic's reach (`stems`, and `model` for its learned layer) is a necessary condition, never a guess:
 * - a paper its phrases (any role) can touch holds, for each phrase, the stems one of its words can have;
 *   a hit of a phrase needs all its words, and the acronyms a paper defines need the phrase before them;
 * - its learned layer can give it only if bias + the positive weights of the features the paper may have
 *   reach its threshold (a rule feature r:/e: of a topic only where that topic's phrases can hit).
 */

/** Bump when the tagger's code changes what it gives with the same pack: every paper is re-tagged then. */
export const TAGGING_LOGIC = 1;

export interface TopicReach {
  fp: string;
  parents: string[];
  /**
   * Per phrase of the topic (any role): per word, the stems it can have (none: any word), in a row in one
   * field; a paper where none of them can hit is untouched by the topic's phrases.
   */
  phrases: string[][][];
  /**
   * The case-sensitive acronyms its phrases start with: while one of the pack's phrases starts with one, a
   * paper's own definition of it is not read (scoring/acronyms.ts), so a paper holding it is touched when
   * the last phrase starting with it comes or goes (reach-test.ts `changedTopics`).
   */
  keys: string[];
  /** Which of `phrases` (strong, or of a group) can make the rules give the topic or see it (r:, e:). */
  gives: number[];
  model?: ModelReach[];
}

export interface TaggingState {
  global: string;
  /** Fine topics in the pack's order (ties between topics are broken by it). */
  order: string[];
  topics: Record<string, TopicReach>;
}

/** The tagging state of a pack, its user topics (their rules as the catalog signs them) and categories. */
export function taggingState(
  pack: CompiledPack,
  userRules: string,
  categories: readonly string[],
): TaggingState {
  const phrases = topicPhrases(pack);
  const models: ReturnType<typeof modelReaches> = pack.model
    ? modelReaches(pack.model.model, pack)
    : new Map();
  const topics: Record<string, TopicReach> = {};
  for (const rules of pack.rules) {
    // Its name and aliases too: a user topic's `topic:` term reads them.
    const { id, parents, kind, name, aliases } = rules.topic;
    const { groupCount, hasRequire, gate, weight } = rules;
    const model = models.get(id);
    const fp = hash(
      JSON.stringify({
        kind,
        name,
        aliases,
        parents,
        rules: { groupCount, hasRequire, gate, weight },
        phrases: (phrases.get(id) ?? []).map((p) => p.key).sort(),
        model: model?.map((m) => m.key) ?? null,
      }),
    );
    const own = phrases.get(id) ?? [];
    const keys = [...new Set(own.flatMap((p) => (p.first === undefined ? [] : [p.first])))].sort();
    const hits = unique(own.map((p) => p.hit));
    const giving = new Set(own.filter((p) => p.gives).map((p) => JSON.stringify(p.hit)));
    topics[id] = {
      fp,
      parents: [...parents],
      phrases: hits,
      gives: hits.flatMap((h, i) => (giving.has(JSON.stringify(h)) ? [i] : [])),
      keys,
      ...(model ? { model: model.map((m) => m.reach) } : {}),
    };
  }
  const global = hash(
    JSON.stringify({
      logic: TAGGING_LOGIC,
      tokenizer: TOKENIZER_VERSION,
      max: MAX_FINE_TOPICS,
      score: SCORE,
      model: pack.model !== undefined,
      categories: pack.topics.filter((t) => t.kind === 'category').map((t) => t.id),
      userRules,
      tracked: [...categories].sort(),
    }),
  );
  return { global, order: pack.rules.map((r) => r.topic.id), topics };
}

interface PhraseUse {
  /** Role and tokens, as the fingerprint reads them. */
  key: string;
  /** Whether the role can give the topic (strong, or a group): only those make the rules say it. */
  gives: boolean;
  /** Per word of the phrase, the stems it can have (none: any word): a hit is these words in a row. */
  hit: string[][];
  /** Its first word, if a case-sensitive acronym: the pack then "knows" it (a paper cannot define it). */
  first: string | undefined;
}

/** Each fine topic's phrases (every role), with what a paper needs for one of them to matter. */
function topicPhrases(pack: CompiledPack): Map<string, PhraseUse[]> {
  const { index, usageStarts, usageCodes } = pack;
  // The scanner's tables: a compiled pack keeps its patterns only there.
  const tables = scanTables(index);
  const out = new Map<string, PhraseUse[]>();
  for (let p = 0; p < index.patternCount; p++) {
    const kinds: number[] = [];
    const values: string[] = [];
    for (let t = tables.patternStarts[p]!; t < tables.patternStarts[p + 1]!; t++) {
      kinds.push(tables.kinds[t]!);
      values.push(tables.values[t]! < 0 ? '*' : index.forms.raws[tables.values[t]!]!);
    }
    const tokens = kinds.map((k, i) => `${k}/${values[i]}`).join(' ');
    // `*` is any one word: no stems asked of it.
    const hit = kinds.map((k, i) => tokenStems(k, values[i]!));
    const first = kinds[0] === ACRONYM ? values[0] : undefined;
    for (let u = usageStarts[p]!; u < usageStarts[p + 1]!; u++) {
      const code = usageCodes[u]!;
      const id = pack.rules[code >> ROLE_BITS]!.topic.id;
      const role = code & (ROLES - 1) & ~ROLE_TITLE_ONLY;
      const list = out.get(id) ?? [];
      out.set(id, list);
      const gives = role === ROLE_STRONG || role >= ROLE_GROUP;
      list.push({ key: `${code & (ROLES - 1)}:${tokens}`, gives, hit, first });
    }
  }
  return out;
}

/** Conditions each once, in a stable order (a fingerprint or a stored state reads them). */
export function unique(conditions: readonly string[][][]): string[][][] {
  const byKey = new Map(conditions.map((c) => [JSON.stringify(c), c]));
  return [...byKey.keys()].sort().map((k) => byKey.get(k)!);
}

/**
 * The stems of the paper words a pattern token matches (phrase-pattern.ts says how each kind matches), or
 * for a case-sensitive acronym its spellings (marked RAW).
 */
export function tokenStems(kind: number, value: string): string[] {
  if (kind === ANY) return [];
  // That spelling, case-sensitive, or with a plural "s" (a stem would also match "are" for "AR").
  if (kind === ACRONYM) return [`${RAW}${value}`, `${RAW}${value}s`];
  // Its singular in any case: the word, or one of its plurals.
  if (kind === INFLECTED) {
    const forms = [value, `${value}s`, `${value}es`];
    if (value.endsWith('y')) forms.push(`${value.slice(0, -1)}ies`);
    return [...new Set(forms.map(stemWord))];
  }
  if (kind === EXACT) return [stemWord(value)];
  // STEM: the value is the stem.
  return [value];
}

/** FNV-1a, enough to tell two definitions of a topic apart. */
export function hash(text: string): string {
  let h = 0x811c9dc5;
  let g = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
    g = Math.imul(g ^ text.charCodeAt(i), 0x5bd1e995);
  }
  return `${(h >>> 0).toString(36)}${(g >>> 0).toString(36)}`;
}
