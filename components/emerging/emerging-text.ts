import type { EmergingPhraseData, Week } from '@/lib/messages/schemas';

const WEEK_MS = 7 * 86_400_000;

/** The Emerging page, at one phrase when given (the popup's links): `emerging.html#<rank>`. */
export function emergingHref(rank?: number): string {
  return rank === undefined ? '/emerging.html' : `/emerging.html#pp-emerging-${rank}`;
}

/** "rising inside Efficient attention" when pack topics cover the phrase, else "new". */
export function emergingStatus(phrase: EmergingPhraseData): string {
  return phrase.coveredBy.length > 0
    ? `rising inside ${phrase.coveredBy.map((t) => t.name).join(', ')}`
    : 'new';
}

/**
 * "12 papers in 4 weeks, 1 in the 12 before": the baseline is the weeks of the chart before the last four
 * (twelve, fewer when the index holds less than sixteen weeks).
 */
export function emergingCounts(phrase: EmergingPhraseData): string {
  const papers = (n: number) => `${n} paper${n === 1 ? '' : 's'}`;
  return `${papers(phrase.recent)} in 4 weeks, ${phrase.previous} in the ${baselineWeeks(phrase)} before`;
}

/** The weeks an entry's `previous` counts. */
export function baselineWeeks(phrase: EmergingPhraseData): number {
  return Math.max(0, phrase.weekly.length - 4);
}

/** The phrase's weekly counts as chart weeks, from the answer's first week. */
export function emergingWeeks(phrase: EmergingPhraseData, firstWeek: number, now = Date.now()): Week[] {
  return phrase.weekly.map((count, i) => {
    const start = firstWeek + i * WEEK_MS;
    return { weekStart: new Date(start).toISOString().slice(0, 10), count, partial: start + WEEK_MS > now };
  });
}
