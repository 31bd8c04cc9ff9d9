import type { Momentum, Trend } from './compute-momentum';

/**
 * Everything a surface shows about one momentum, from one rule: the trend word, the badge text, the arrow,
 * and the sentence. Colour follows `trend` (only rising, cooling and new are coloured), the arrow only
 * appears on a significant change, and only a trend shows a change: a steady badge says "steady", never a
 * percentage that would read as growth when only the index grew (DESIGN.md, the in-page contract).
 */
export interface MomentumView {
  trend: Trend;
  /** "Rising", "Cooling", "Steady", "New". */
  word: string;
  /** What a badge shows: "+300%", "-40%" (rising, cooling), "new", "steady", "no papers". */
  change: string;
  arrow: 'up' | 'down' | null;
  /** "28 vs 7": the two windows' counts. */
  counts: string;
  /** One line for tooltips and screen readers, saying what the numbers compare. */
  verdict: string;
}

/** What every shown change compares: the same words on the badge's tooltip, the topic header and the popup. */
export const COMPARED_WITH = 'papers, last four weeks vs the four before';

/** A change this large (either way) is what rising/cooling need; smaller ones are steady on their face. */
const NOTABLE = 0.25;

export function describeMomentum(m: Momentum): MomentumView {
  const counts = `${m.recent.toLocaleString('en-US')} vs ${m.previous.toLocaleString('en-US')}`;
  const compared = `${counts} ${COMPARED_WITH}`;
  switch (m.trend) {
    case 'rising':
    case 'cooling': {
      const change = formatChange(m);
      const word = m.trend === 'rising' ? 'Rising' : 'Cooling';
      const arrow = m.trend === 'rising' ? 'up' : 'down';
      return {
        trend: m.trend,
        word,
        change,
        arrow,
        counts,
        verdict: `${word}: ${words(change)}, ${compared}`,
      };
    }
    case 'new':
      return {
        trend: 'new',
        word: 'New',
        change: 'new',
        arrow: 'up',
        counts,
        verdict: `New: ${papers(m.recent)} in the last four weeks, none in the four before`,
      };
  }
  const base = { trend: m.trend, word: 'Steady', arrow: null, counts };
  if (m.recent === 0 && m.previous === 0)
    return { ...base, change: 'no papers', verdict: 'No papers in the last eight weeks' };
  return { ...base, change: 'steady', verdict: `Steady: ${compared}: ${steadyReason(m)}` };
}

/** Why a steady topic is steady, in a few words. */
function steadyReason(m: Momentum): string {
  if (m.change === 0) return 'no change';
  // None before, but the index did not hold the four weeks before for the topic's categories: no baseline.
  if (m.previous === 0 && m.previousIndexed === false)
    return 'the index does not cover the four weeks before';
  const notable = m.change === null ? m.recent > 0 : Math.abs(m.change) >= NOTABLE;
  if (!notable) return 'a small change';
  // A count change that only follows the whole index's growth is no change in share.
  if (m.allPrevious > 0 && m.previous > 0 && m.recent > 0) {
    const shareRatio = m.recent / m.allRecent / (m.previous / m.allPrevious);
    if (shareRatio >= 0.8 && shareRatio <= 1.25) return 'in step with the whole index';
  }
  return 'too few papers to call';
}

/**
 * The words the UI shows for a momentum, e.g.
 * "28 papers in the last four weeks, up 300% on the four weeks before. 0.3% of all new papers in cs.AI, cs.LG."
 * A change that is not significant says so; the share before is added when the index itself grew or shrank
 * by more than 10% between the windows, since the count change alone then misleads.
 */
export function momentumSentence(m: Momentum, categoriesLabel?: string): string {
  const sentences = [countSentence(m)];
  if (m.trend === 'steady' && (m.recent > 0 || m.previous > 0)) {
    const reason = steadyReason(m);
    if (reason !== 'no change' && reason !== 'a small change') sentences.push(`Not a trend: ${reason}.`);
  }
  if (m.share !== null && m.recent > 0) {
    const where = categoriesLabel ? ` in ${categoriesLabel}` : '';
    const before = shareBefore(m);
    sentences.push(`${formatShare(m.share)} of all new papers${where}${before ? `, ${before} before` : ''}.`);
  }
  return sentences.join(' ');
}

/** The topic's share in the previous window, when the index size changed enough for it to matter. */
export function shareBefore(m: Momentum): string | null {
  if (m.allPrevious === 0 || m.allRecent === 0) return null;
  if (Math.abs(m.allRecent / m.allPrevious - 1) <= 0.1) return null;
  return formatShare(m.previous / m.allPrevious);
}

function countSentence(m: Momentum): string {
  if (m.recent === 0 && m.previous === 0) return 'No papers in the last eight weeks.';
  if (m.recent === 0)
    return `No papers in the last four weeks, down from ${papers(m.previous)} in the four weeks before.`;
  const head = `${papers(m.recent)} in the last four weeks`;
  if (m.change === null)
    return m.trend === 'new'
      ? `${head}, new: none in the four weeks before.`
      : `${head}, none in the four weeks before.`;
  if (m.change === 0) return `${head}, no change on the four weeks before.`;
  return `${head}, ${m.change > 0 ? 'up' : 'down'} ${changeMagnitude(m.change)} on the four weeks before.`;
}

/**
 * The change in papers, as a trend's badge shows it: "+300%", "-40%", "new" (none before, and enough papers
 * to call it new), "2 vs 0" (none before but not new), "±0%", "no papers". Only rising and cooling badges
 * show it (describeMomentum); the CLI and the sentences word the same change.
 */
export function formatChange(m: Momentum): string {
  if (m.recent === 0 && m.previous === 0) return 'no papers';
  if (m.change === null) return m.trend === 'new' ? 'new' : `${m.recent} vs 0`;
  if (m.change === 0) return '±0%';
  return `${m.change > 0 ? '+' : '-'}${changeMagnitude(m.change)}`;
}

/** Whole percent; a change too small to round to 1% still reads as a change ("<1%"), not as none. */
function changeMagnitude(change: number): string {
  const pct = Math.round(Math.abs(change) * 100);
  return pct === 0 ? '<1%' : `${pct.toLocaleString('en-US')}%`;
}

function words(change: string): string {
  if (change.startsWith('+')) return `up ${change.slice(1)}`;
  if (change.startsWith('-')) return `down ${change.slice(1)}`;
  return change;
}

/**
 * A share as a percentage with as much precision as small shares need: "12%", "2.5%", "0.3%", "0.03%",
 * "<0.01%". Topic shares are usually well under 1%, where whole percents would all read "0%".
 */
export function formatShare(share: number): string {
  const pct = share * 100;
  if (pct <= 0) return '0%';
  if (pct < 0.01) return '<0.01%';
  if (pct < 1) return `${Number(pct.toPrecision(1))}%`;
  if (pct < 10) return `${Math.round(pct * 10) / 10}%`;
  return `${Math.round(pct)}%`;
}

function papers(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'paper' : 'papers'}`;
}
