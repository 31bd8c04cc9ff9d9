import type { Settings } from '@/lib/settings';

const HISTORY_WEEKS = [8, 12, 16, 26, 52] as const;
const REFRESH_HOURS = [6, 12, 24, 48, 72] as const;

interface ScheduleSettingsProps {
  settings: Settings;
  save: (patch: Partial<Settings>) => Promise<boolean>;
}

/** How far back the index goes and how often it is refreshed; each change is saved at once. */
export function ScheduleSettings({ settings, save }: ScheduleSettingsProps) {
  return (
    <div class="pp-schedule">
      <label for="pp-history-weeks">History window</label>
      <select
        id="pp-history-weeks"
        value={String(settings.historyWeeks)}
        aria-describedby="pp-history-help"
        onChange={(event) => void save({ historyWeeks: Number(event.currentTarget.value) })}
      >
        {withCurrent(HISTORY_WEEKS, settings.historyWeeks).map((weeks) => (
          <option key={weeks} value={String(weeks)}>
            {weeks} weeks
          </option>
        ))}
      </select>
      <p id="pp-history-help" class="pp-muted">
        Momentum needs 8 weeks, the weekly chart 12, Emerging 16 (with fewer it compares the last four weeks
        with fewer before them). A longer window takes longer to fetch.
      </p>
      <label for="pp-refresh-hours">Check arXiv for new papers every</label>
      <select
        id="pp-refresh-hours"
        value={String(settings.refreshHours)}
        aria-describedby="pp-refresh-help"
        onChange={(event) => void save({ refreshHours: Number(event.currentTarget.value) })}
      >
        {withCurrent(REFRESH_HOURS, settings.refreshHours).map((hours) => (
          <option key={hours} value={String(hours)}>
            {hours} hours
          </option>
        ))}
      </select>
      <p id="pp-refresh-help" class="pp-muted">
        arXiv announces new papers once a day (Sunday to Thursday evenings, US Eastern time).
      </p>
    </div>
  );
}

/** The offered values plus the stored one, if it is another (set by an import, say). */
function withCurrent(values: readonly number[], current: number): number[] {
  return [...new Set([...values, current])].sort((a, b) => a - b);
}
