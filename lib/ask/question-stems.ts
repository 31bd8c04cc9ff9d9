import { stemmer } from 'stemmer';
import { searchTerms } from '../search/search-tokens';

/** A question's words and a sentence's, as stems, and how much of the one the other holds. */

/** Words of a question that ask, rather than say what about (search's stopwords are gone already). */
const ASKING = new Set(
  (
    'people use used uses using paper papers work works approach approaches method methods technique ' +
    'techniques way ways best common commonly usually typically known main kind kinds type types handle ' +
    'handled deal dealt address addressed tell explain done get make good topic area field researchers ' +
    'existing recent current do does did there any according rather instead just only'
  ).split(' '),
);

export function stems(text: string): string[] {
  return searchTerms(text).map((w) => stemmer(w));
}

/** stems(), remembering each word's stem: the abstracts read for one question repeat most of their words. */
export function memoStems(): (text: string) => string[] {
  const known = new Map<string, string>();
  return (text) =>
    searchTerms(text).map((w) => {
      const s = known.get(w) ?? stemmer(w);
      known.set(w, s);
      return s;
    });
}

/** The question's words that say what it is about, as stems. */
export function questionStems(question: string): string[] {
  return [
    ...new Set(
      searchTerms(question)
        .filter((w) => !ASKING.has(w))
        .map((w) => stemmer(w)),
    ),
  ];
}

/** Adjacent pairs of a text's stems ("cach budget"), the words search drops left out. */
export function pairs(stemmed: readonly string[]): Set<string> {
  return new Set(stemmed.slice(1).map((s, i) => `${stemmed[i]} ${s}`));
}

/** The share of the question's pairs the sentence holds as pairs, in [0, 1]. */
export function phraseShare(asked: ReadonlySet<string>, sentence: ReadonlySet<string>): number {
  let held = 0;
  for (const p of asked) if (sentence.has(p)) held++;
  return asked.size > 0 ? held / asked.size : 0;
}

/** The question's weighted share held by a set of stems, in [0, 1]. */
export function share(weight: ReadonlyMap<string, number>, held: ReadonlySet<string>): number {
  let sum = 0;
  let total = 0;
  for (const [s, w] of weight) {
    total += w;
    if (held.has(s)) sum += w;
  }
  return total > 0 ? sum / total : 0;
}

/**
 * Two stems are one word when one begins the other and the shorter has at least RELATED letters: the
 * stemmer leaves "environ" ("environmental") and "environment" apart.
 */
const RELATED = 5;

/** The question's stems a text holds, a stem matching any stem of the text that it begins or that begins it. */
export function heldStems(asked: readonly string[], text: ReadonlySet<string>): Set<string> {
  const held = new Set<string>();
  for (const s of asked) {
    if (text.has(s)) held.add(s);
    else if (s.length >= RELATED)
      for (const t of text)
        if (t.length >= RELATED && (t.startsWith(s) || s.startsWith(t))) {
          held.add(s);
          break;
        }
  }
  return held;
}
