import type { Momentum } from './compute-momentum';

/**
 * The words the UI shows for a momentum, e.g.
 * "28 papers in the last four weeks, up 300% on the four weeks before. 0.3% of all new papers in cs.AI, cs.LG."
 */
export function momentumSentence(m: Momentum, categoriesLabel?: string): string {
  const sentences = [countSentence(m)];
  if (m.share !== null && m.recent > 0) {
    const where = categoriesLabel ? ` in ${categoriesLabel}` : '';
    sentences.push(`${formatShare(m.share)} of all new papers${where}.`);
  }
  return sentences.join(' ');
}

function countSentence(m: Momentum): string {
  if (m.recent === 0 && m.previous === 0) return 'No papers in the last eight weeks.';
  if (m.recent === 0)
    return `No papers in the last four weeks, down from ${papers(m.previous)} in the four weeks before.`;
  const head = `${papers(m.recent)} in the last four weeks`;
  if (m.change === null) return `${head}, new: none in the four weeks before.`;
  if (m.change === 0) return `${head}, no change on the four weeks before.`;
  return `${head}, ${m.change > 0 ? 'up' : 'down'} ${changeMagnitude(m.change)} on the four weeks before.`;
}

/** The change for a badge: "+300%", "-40%", "new" (none in the four weeks before), "±0%". */
export function formatChange(m: Momentum): string {
  if (m.change === null) return m.recent > 0 ? 'new' : '±0%';
  if (m.change === 0) return '±0%';
  return `${m.change > 0 ? '+' : '-'}${changeMagnitude(m.change)}`;
}

/** Whole percent; a change too small to round to 1% still reads as a change ("<1%"), not as none. */
function changeMagnitude(change: number): string {
  const pct = Math.round(Math.abs(change) * 100);
  return pct === 0 ? '<1%' : `${pct.toLocaleString('en-US')}%`;
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
