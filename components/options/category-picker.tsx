import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { MAX_CATEGORIES } from '@/lib/settings';
import { ARXIV_CATEGORIES, categoryName } from '@/lib/topics/data/categories';

interface CategoryPickerProps {
  saved: readonly string[];
  onSave: (categories: string[]) => Promise<boolean>;
}

/** Matches a category by id, name, archive or group: "cv", "vision", "physics". */
export function filterCategories(text: string) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return ARXIV_CATEGORIES;
  return ARXIV_CATEGORIES.filter((category) => {
    const haystack = `${category.id} ${category.name} ${category.group}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/**
 * The tracked arXiv categories, picked from the whole taxonomy with a filter. Changes are staged and
 * saved together, because each save makes the background fetch the new categories' history.
 */
export function CategoryPicker({ saved, onSave }: CategoryPickerProps) {
  const { chosen, changed, problem, message, toggle, save, undo } = useChosenCategories(saved, onSave);
  return (
    <fieldset class="pp-category-picker" data-category-picker>
      <legend>Tracked categories</legend>
      <p class="pp-muted">
        The index holds the recent papers of these arXiv categories; momentum shares are of all their new
        papers.
      </p>
      <ul class="pp-chosen" aria-label="Chosen categories" data-chosen-categories>
        {chosen.map((id) => (
          <li key={id} class="pp-chip">
            <span title={categoryName(id)}>{id}</span>
            <button type="button" class="pp-chip-remove" onClick={() => toggle(id, false)}>
              <span aria-hidden="true">×</span>
              <span class="pp-visually-hidden">Remove {id}</span>
            </button>
          </li>
        ))}
      </ul>
      <CategoryFinder chosen={chosen} onToggle={toggle} />
      {problem && (
        <p role="alert" class="pp-error">
          {problem}
        </p>
      )}
      <div class="pp-actions">
        <button type="button" class="pp-button pp-primary" disabled={!changed || !!problem} onClick={save}>
          Save categories
        </button>
        {changed && (
          <button type="button" class="pp-link-button" onClick={undo}>
            Undo changes
          </button>
        )}
        <span role="status">{message}</span>
      </div>
    </fieldset>
  );
}

/**
 * The staged choice of categories: what is chosen, whether it differs from `saved`, why it cannot be
 * saved (none, or too many), and the message after a save.
 */
function useChosenCategories(saved: readonly string[], onSave: CategoryPickerProps['onSave']) {
  const [chosen, setChosen] = useState<string[]>([...saved]);
  const [message, setMessage] = useState<string | undefined>();
  // The stored list changed (saved here, in another tab, or by an import): start from it again.
  const savedKey = saved.join(',');
  const shownSaved = useRef(savedKey);
  useEffect(() => {
    if (shownSaved.current === savedKey) return; // not on mount: the user may already be choosing
    shownSaved.current = savedKey;
    setChosen(savedKey ? savedKey.split(',') : []);
  }, [savedKey]);
  const changed = chosen.length !== saved.length || chosen.some((id) => !saved.includes(id));
  const problem =
    chosen.length === 0
      ? 'Choose at least one category.'
      : chosen.length > MAX_CATEGORIES
        ? `Choose at most ${MAX_CATEGORIES} categories.`
        : undefined;

  const toggle = (id: string, on: boolean) => {
    setMessage(undefined);
    setChosen((old) => (on ? [...old.filter((c) => c !== id), id] : old.filter((c) => c !== id)));
  };
  const save = async () => {
    if (problem) return;
    const ok = await onSave(chosen);
    setMessage(ok ? 'Saved. New categories are being fetched from arXiv.' : undefined);
  };
  const undo = () => setChosen([...saved]);
  return { chosen, changed, problem, message, toggle, save, undo };
}

/** The whole taxonomy as checkboxes, narrowed by what is typed in "Find a category". */
function CategoryFinder({
  chosen,
  onToggle,
}: {
  chosen: readonly string[];
  onToggle: (id: string, on: boolean) => void;
}) {
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => filterCategories(filter), [filter]);
  return (
    <>
      <label for="pp-category-filter">Find a category</label>
      <input
        id="pp-category-filter"
        type="search"
        value={filter}
        placeholder="e.g. vision, cs.RO, physics"
        aria-controls="pp-category-options"
        onInput={(event) => setFilter(event.currentTarget.value)}
      />
      <fieldset id="pp-category-options" class="pp-category-options">
        <legend class="pp-visually-hidden">arXiv categories</legend>
        {shown.length === 0 && <p class="pp-empty">No arXiv category matches “{filter}”.</p>}
        {shown.map((category) => (
          <label key={category.id} class="pp-check">
            <input
              type="checkbox"
              checked={chosen.includes(category.id)}
              onChange={(event) => onToggle(category.id, event.currentTarget.checked)}
              data-category={category.id}
            />
            <span class="pp-category-id">{category.id}</span> {category.name}
            <span class="pp-muted"> · {category.group}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
