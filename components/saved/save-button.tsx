import { useAction, useSend } from '@/components/use-message';

interface SaveButtonProps {
  /** arXiv id without version. */
  id: string;
  saved: boolean;
  /** Named in the button's accessible description, so a list of Save buttons can be told apart. */
  title?: string;
  onChange(saved: boolean): void;
  small?: boolean;
}

/** Save / Saved toggle for the reading list on the extension's pages (DESIGN.md: `data-action="save"`). */
export function SaveButton({ id, saved, title, onChange, small = false }: SaveButtonProps) {
  const send = useSend();
  const { pending, error, run } = useAction();
  const toggle = async () => {
    const answer = await run(() => send('paper.save', { id, save: !saved }));
    if (answer) onChange(answer.saved);
  };
  return (
    <span class="pp-save">
      <button
        type="button"
        class={`pp-button pp-save-button${saved ? ' pp-saved' : ''}${small ? ' pp-follow-small' : ''}`}
        data-action="save"
        data-save-id={id}
        aria-pressed={saved}
        aria-label={`${saved ? 'Saved' : 'Save'}${title ? `: ${title}` : ''}`}
        disabled={pending}
        onClick={toggle}
      >
        {saved ? '★ Saved' : '☆ Save'}
      </button>
      {error && (
        <span class="pp-error-inline" role="alert">
          Could not save: {error}
        </span>
      )}
    </span>
  );
}
