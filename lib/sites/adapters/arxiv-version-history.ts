import { parseSubmissionDate } from '../page-dates';

export interface VersionHistory {
  /** Date (ISO) of v1, when the history shows it. */
  firstSubmitted?: string;
  /** Highest version listed. */
  latestVersion?: number;
}

// `[v1] Thu, 17 Jun 2021 15:45:54 UTC (400 KB)`; the weekday is missing in some renderings.
const ENTRY = /\[v(\d{1,4})\]\s*(?:[A-Za-z]{3},\s*)?(\d{1,2} [A-Za-z]{3,9} \d{4}(?: \d{2}:\d{2}:\d{2})?)?/g;

/** Reads the text of arXiv's submission-history box. */
export function parseVersionHistory(text: string): VersionHistory {
  const history: VersionHistory = {};
  for (const match of text.matchAll(ENTRY)) {
    const version = Number(match[1]);
    if (version < 1 || version > 1000) continue;
    if (version === 1 && match[2] && history.firstSubmitted === undefined) {
      history.firstSubmitted = parseSubmissionDate(match[2]);
    }
    if (history.latestVersion === undefined || version > history.latestVersion)
      history.latestVersion = version;
  }
  return history;
}
