import { useEffect, useState } from 'preact/hooks';
import { LoadError } from '@/components/load-error';
import { useMessage } from '@/components/use-message';
import type { SavedPaper } from '@/lib/messages/schemas';
import { toBibtex } from '@/lib/saved/bibtex';
import { toCsv, toJson } from '@/lib/saved/export-table';
import { filterSaved, type ReadState, savedTopics } from '@/lib/saved/filter-saved';
import { SavedItem } from './saved-item';

/** Hands a file to the browser's downloads (tests pass a recorder). */
export type Download = (name: string, type: string, text: string) => void;

export const downloadFile: Download = (name, type, text) => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

const FORMATS = [
  { label: 'BibTeX', ext: 'bib', type: 'application/x-bibtex', write: toBibtex },
  { label: 'CSV', ext: 'csv', type: 'text/csv', write: toCsv },
  { label: 'JSON', ext: 'json', type: 'application/json', write: toJson },
] as const;

/** `saved.html`: the reading list, filtered by topic and read state, exported as shown. */
export function SavedPage({ download = downloadFile }: { download?: Download }) {
  const [answer, reload, update] = useMessage('saved.list', {});
  const [state, setState] = useState<ReadState>('all');
  const [topic, setTopic] = useState('');
  const [announce, setAnnounce] = useState('');
  useEffect(() => {
    document.title = 'Saved papers · PaperPulse';
  }, []);

  if (answer.state === 'loading')
    return (
      <main class="pp-page pp-wide">
        <h1 class="pp-muted">Saved papers</h1>
        <p class="pp-muted">Loading your reading list…</p>
      </main>
    );
  if (answer.state === 'error')
    return (
      <main class="pp-page pp-wide">
        <h1>Saved papers</h1>
        <LoadError what="your saved papers" error={answer.error} retry={reload} />
      </main>
    );

  const all = answer.data.papers;
  const topics = savedTopics(all);
  const shown = filterSaved(all, { state, topic: topic || undefined });
  const unread = all.filter((p) => !p.read).length;
  const replace = (paper: SavedPaper) =>
    update((data) => ({ papers: data.papers.map((p) => (p.id === paper.id ? paper : p)) }));
  const remove = (paper: SavedPaper) => {
    update((data) => ({ papers: data.papers.filter((p) => p.id !== paper.id) }));
    setAnnounce(`Removed “${paper.title || paper.id}” from your saved papers.`);
  };

  return (
    <main class="pp-page pp-wide" data-saved-page>
      <h1>Saved papers</h1>
      <p class="pp-muted" data-saved-summary>
        {all.length === 0
          ? 'Nothing saved yet.'
          : `${all.length.toLocaleString('en-US')} saved, ${unread.toLocaleString('en-US')} unread.`}
      </p>
      {all.length === 0 ? (
        <p class="pp-empty">
          Save a paper with ☆ Save on a topic page, in search results, in the toolbar popup, or in a topic
          chip’s card on arXiv. Saved papers stay here even when the index drops old papers.
        </p>
      ) : (
        <>
          <SavedFilters
            state={state}
            onState={setState}
            topic={topic}
            onTopic={setTopic}
            topics={topics}
            shown={shown}
            download={download}
          />
          <p class="pp-muted" aria-live="polite" data-saved-shown>
            Showing {shown.length.toLocaleString('en-US')} of {all.length.toLocaleString('en-US')}.
          </p>
          <ol class="pp-paper-list" aria-label="Saved papers">
            {shown.map((paper) => (
              <SavedItem key={paper.id} paper={paper} onChange={replace} onRemove={remove} />
            ))}
          </ol>
        </>
      )}
      <p class="pp-visually-hidden" aria-live="polite">
        {announce}
      </p>
    </main>
  );
}

interface SavedFiltersProps {
  state: ReadState;
  onState(state: ReadState): void;
  /** A topic id, or '' for any topic. */
  topic: string;
  onTopic(topic: string): void;
  /** The saved papers' topics, with how many papers each. */
  topics: ReturnType<typeof savedTopics>;
  /** The papers the filters let through: what the export buttons write. */
  shown: SavedPaper[];
  download: Download;
}

/** Read state and topic filters, and export of the papers they show (BibTeX, CSV, JSON). */
function SavedFilters({ state, onState, topic, onTopic, topics, shown, download }: SavedFiltersProps) {
  return (
    <search class="pp-saved-filters" aria-label="Filter saved papers">
      <label>
        Show
        <select value={state} onChange={(e) => onState(e.currentTarget.value as ReadState)} data-filter-state>
          <option value="all">All</option>
          <option value="unread">Unread</option>
          <option value="read">Read</option>
        </select>
      </label>
      <label>
        Topic
        <select value={topic} onChange={(e) => onTopic(e.currentTarget.value)} data-filter-topic>
          <option value="">Any topic</option>
          {topics.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.count})
            </option>
          ))}
        </select>
      </label>
      <fieldset class="pp-actions pp-export" aria-label="Export the papers shown">
        {FORMATS.map((f) => (
          <button
            key={f.ext}
            type="button"
            class="pp-button"
            data-export={f.ext}
            disabled={shown.length === 0}
            onClick={() => download(`paperpulse-saved.${f.ext}`, f.type, f.write(shown))}
          >
            Export {f.label}
          </button>
        ))}
      </fieldset>
    </search>
  );
}
