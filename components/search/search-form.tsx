import type { SearchParams } from './search-params';

interface SearchFormProps {
  draft: SearchParams;
  onDraft(draft: SearchParams): void;
  onSubmit(): void;
}

/** The query and date bounds being typed; submitting asks for them. */
export function SearchForm({ draft, onDraft, onSubmit }: SearchFormProps) {
  return (
    <search>
      <form
        class="pp-search-form pp-search-page-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <label class="pp-visually-hidden" for="pp-search-q">
          Search papers: title, abstract, authors
        </label>
        <input
          id="pp-search-q"
          type="search"
          value={draft.q}
          placeholder="Title, abstract or author words"
          onInput={(e) => onDraft({ ...draft, q: e.currentTarget.value })}
          data-search-input
        />
        <label>
          From{' '}
          <input
            type="date"
            value={draft.from}
            onInput={(e) => onDraft({ ...draft, from: e.currentTarget.value })}
            data-search-from
          />
        </label>
        <label>
          To{' '}
          <input
            type="date"
            value={draft.to}
            onInput={(e) => onDraft({ ...draft, to: e.currentTarget.value })}
            data-search-to
          />
        </label>
        <button type="submit" class="pp-button pp-primary">
          Search
        </button>
      </form>
    </search>
  );
}
