import { normalizeText } from '../text/words';
import { segments, type Word } from './tokens';

/**
 * How the papers write a phrase: every stretch of text whose folded words are the phrase's key, counted by
 * exact spelling ("vision-language-action models", "Vision-Language-Action (VLA) model"...), most used first.
 */
export function surfaceForms(
  texts: Iterable<string>,
  keys: readonly string[],
  segmentsOf: (text: string) => Word[][] = segments,
): [string, number][] {
  const wanted = keys.map((k) => k.split(' '));
  const counts = new Map<string, number>();
  for (const written of texts) {
    // Words' places are in the normalised text (lib/text/words.ts), so surfaces are cut from it.
    const text = normalizeText(written);
    for (const words of segmentsOf(text)) {
      for (let i = 0; i < words.length; i++) {
        for (const key of wanted) {
          if (i + key.length > words.length || key.some((k, j) => words[i + j]!.key !== k)) continue;
          const surface = text.slice(words[i]!.start, words[i + key.length - 1]!.end);
          counts.set(surface, (counts.get(surface) ?? 0) + 1);
        }
      }
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

/**
 * The variants to show for an entry: one spelling per distinct lower-cased form, the most used first, so
 * "VLA models" and "VLA model" are one variant but "VLA" and "vision-language-action" are two.
 */
export function distinctVariants(forms: readonly [string, number][], max = 8): string[] {
  const byFold = new Map<string, string>();
  for (const [surface] of forms) {
    const fold = surface
      .toLowerCase()
      .replace(/[-‐‑\s]+/g, ' ')
      .replace(/s\b/g, '');
    if (!byFold.has(fold)) byFold.set(fold, surface);
  }
  return [...byFold.values()].slice(0, max);
}

/** `segments`, remembered per text: an entry reads its papers' texts two or three times. */
export function rememberedSegments(): (text: string) => Word[][] {
  const seen = new Map<string, Word[][]>();
  return (text) => {
    let found = seen.get(text);
    if (found === undefined) {
      found = segments(text);
      seen.set(text, found);
    }
    return found;
  };
}
