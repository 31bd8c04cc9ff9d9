import { useState } from 'preact/hooks';
import { learnPagePath } from '@/lib/discover/learn-page';

/** Papers selected on a list, kept across its pages, in the order they were picked. */
export function useSelection() {
  const [ids, setIds] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setIds((current) => (on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id)));
  return { ids, toggle, clear: () => setIds([]) };
}

interface SelectPaperProps {
  id: string;
  title: string;
  selected: boolean;
  /** No more can be selected (unselected boxes are disabled). */
  full: boolean;
  onToggle(id: string, on: boolean): void;
}

/** A paper's box for "Learn a topic from these". */
export function SelectPaper({ id, title, selected, full, onToggle }: SelectPaperProps) {
  return (
    <label class="pp-select-paper">
      <input
        type="checkbox"
        checked={selected}
        disabled={full && !selected}
        onChange={(event) => onToggle(id, event.currentTarget.checked)}
        data-select-paper={id}
      />{' '}
      Use as an example<span class="pp-visually-hidden"> ({title})</span>
    </label>
  );
}

/**
 * With papers selected: the link that learns a topic from them on the options page, and Clear. Before that,
 * what the boxes under the papers are for.
 */
export function LearnFromSelected({ ids, onClear }: { ids: readonly string[]; onClear(): void }) {
  if (ids.length === 0)
    return (
      <p class="pp-muted" data-select-hint>
        Tick “Use as an example” on a few papers to learn a topic of your own from what they share.
      </p>
    );
  return (
    <p class="pp-learn-selected" aria-live="polite">
      <a href={learnPagePath(ids)} class="pp-button" data-learn-from-selected>
        Learn a topic from these {ids.length} {ids.length === 1 ? 'paper' : 'papers'}
      </a>{' '}
      <button type="button" class="pp-link-button" onClick={onClear}>
        Clear selection
      </button>
    </p>
  );
}
