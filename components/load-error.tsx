interface LoadErrorProps {
  what: string;
  error: string;
  retry: () => unknown;
}

/** A failed load says what failed and why, and offers to try again. */
export function LoadError({ what, error, retry }: LoadErrorProps) {
  return (
    <div role="alert" class="pp-error pp-load-error">
      <p>
        Could not load {what}: {error}
      </p>
      <button type="button" class="pp-button" onClick={() => void retry()}>
        Try again
      </button>
    </div>
  );
}
