// Discovery: emerging phrases (and, in learn-topic, topics learned from example papers). Import from here.
export { type AcronymAliases, acronymAliases, type DiscoverPaper } from './acronym-aliases';
export { coveringTopics } from './covered-by';
export { BASELINE_DAYS, type KeptBaseline, RECENT_DAYS, scanEmerging, splitWindows } from './discover';
export { DEFAULT_TOP, discoverEmerging, type EmergingPhrase } from './emerging';
export { EMERGING_ALPHA, isEmerging, MIN_CHANGE, MIN_RECENT, rise } from './significance';
