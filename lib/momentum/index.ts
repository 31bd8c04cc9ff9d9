// Momentum: pure statistics over counts (DESIGN.md "Momentum"). Import from here.
export {
  computeMomentum,
  type Holds,
  MIN_NEW,
  type Momentum,
  SIGNIFICANCE,
  type Trend,
  WINDOW_MS,
} from './compute-momentum';
export { type CountIn, countInDaily, countInSorted, DAY_MS } from './count-in';
export { pickCutoff } from './cutoff';
export { CHART_WEEKS, mondayStart, WEEK_MS, type WeekCount, weeklyCounts } from './weekly-counts';
export { formatChange, formatShare, momentumSentence } from './wording';
