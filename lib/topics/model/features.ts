import type { TaggableText } from '../../paper';
import { stemWord } from '../../text/tokens';
import { words } from '../../text/words';

/**
 * The features the learned layer sees in a paper, as readable keys (the training script's form; the
 * extension computes the same ones from the word ids the phrase scan already made, see model-score.ts):
 *
 * - `w:STEM`        a word of the title or abstract (Porter stem, as the pack's phrases are matched);
 * - `b:STEM STEM`   two adjacent words of one field (bigrams do not cross from title to abstract);
 * - `t:STEM`        a word of the title (a title says what the paper is about more than its abstract);
 * - `c:CATEGORY`    an arXiv category of the paper ("c:cs.RO");
 * - `r:TOPIC`       a fine topic the rules gave the paper (parents included);
 * - `e:TOPIC`       a fine topic the rules saw evidence for but did not give.
 *
 * Presence only: a paper has a feature or not, however often it says it.
 */

export const WORD = 'w:';
export const BIGRAM = 'b:';
export const TITLE = 't:';
export const CATEGORY = 'c:';
export const RULE_GIVEN = 'r:';
export const RULE_EVIDENCE = 'e:';

/** Features of one paper, each once, in first-met order. */
export function featureKeys(paper: TaggableText): string[] {
  const out = new Set<string>();
  const fields = [paper.title, paper.abstract];
  fields.forEach((text, f) => {
    let previous: string | undefined;
    for (const raw of words(text)) {
      const stem = stemWord(raw);
      if (f === 0) out.add(TITLE + stem);
      out.add(WORD + stem);
      if (previous !== undefined) out.add(`${BIGRAM}${previous} ${stem}`);
      previous = stem;
    }
  });
  for (const c of paper.categories) out.add(CATEGORY + c);
  return [...out];
}
