import type { FilterBarState } from '@/lib/content/inpage-renderer';
import type { FilterCounts, FilterMode } from '@/lib/content/listing-filter';
import { isUserEvent } from '@/lib/content/user-event';
import type { IndexInfo } from '@/lib/messages/schemas';
import { LearnFromExamples } from './learn-examples';

const MODES: { mode: FilterMode; label: string; count: keyof FilterCounts }[] = [
  { mode: 'all', label: 'All', count: 'all' },
  { mode: 'followed', label: 'Followed topics', count: 'followed' },
  { mode: 'unmuted', label: 'Hide muted', count: 'unmuted' },
];

/** Above a listing: all / followed topics only / hide muted, each with the number of entries it shows. */
export function FilterBar({ counts, mode, onChange, index, pending, error }: FilterBarState) {
  return (
    <div class="pp-bar" data-filter-bar>
      <span class="pp-brand">PaperPulse</span>
      <fieldset class="pp-filters">
        <legend class="pp-sr">Filter papers by topic</legend>
        {MODES.map((m) => (
          <button
            type="button"
            key={m.mode}
            class="pp-action"
            data-filter={m.mode}
            data-count={counts[m.count]}
            aria-pressed={mode === m.mode}
            onClick={(e) => isUserEvent(e) && onChange(m.mode)}
          >
            {m.label} <span class="pp-count">({counts[m.count].toLocaleString('en-US')})</span>
          </button>
        ))}
      </fieldset>
      <LearnFromExamples />
      <span class="pp-note" role="status">
        {statusText(index, pending, error)}
      </span>
    </div>
  );
}

function statusText(index: IndexInfo | null, pending: boolean, error?: string): string {
  if (error) return `Topics unavailable: ${error}`;
  if (pending) return 'finding topics…';
  if (index?.filling) {
    const pct = Math.max(0, Math.min(100, Math.floor(index.progress * 100)));
    return `index filling: ${pct}% (momentum not known yet)`;
  }
  return '';
}
