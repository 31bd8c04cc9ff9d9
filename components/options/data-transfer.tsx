import { useState } from 'preact/hooks';
import { type Backup, formatBackup, MAX_BACKUP_BYTES } from '@/lib/backup';
import { errorText } from '@/lib/messages/client';
import { useAction, useSend } from '../use-message';

/** The largest file the export writes (lib/backup.ts): a bigger file is not ours, and is not read. */
export const MAX_IMPORT_BYTES = MAX_BACKUP_BYTES;

/** Saves text as a file through a temporary object URL (no download permission needed). */
export function downloadText(filename: string, text: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  doc.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Reads an import file: JSON or a reason why not. */
export async function readImportFile(
  file: File,
): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> {
  if (file.size > MAX_IMPORT_BYTES)
    return { ok: false, error: `The file is too large (${file.size} bytes) to be a PaperPulse export.` };
  try {
    return { ok: true, value: JSON.parse(await file.text()) };
  } catch (error) {
    return { ok: false, error: `The file is not valid JSON (${errorText(error)}).` };
  }
}

type Pending = { name: string; file: unknown; changes: string[]; skipped: string[] };
type Outcome = { text: string; error: boolean };

interface DataTransferProps {
  onImported: () => void;
  download?: (filename: string, text: string) => void;
  today?: () => string;
}

/** Export of follows, mutes, custom topics and settings as JSON; import with a preview of the changes. */
export function DataTransfer({
  onImported,
  download = downloadText,
  today = () => new Date().toISOString().slice(0, 10),
}: DataTransferProps) {
  const send = useSend();
  const exporting = useAction();
  const [exportNote, setExportNote] = useState<string | undefined>();
  const { importing, pending, outcome, choose, apply, cancel } = useImport(onImported);

  const exportNow = () =>
    exporting.run(async () => {
      const { file, note } = await send('data.export', {});
      // The background wrote a valid backup: formatted here as it measured it.
      download(`paperpulse-${today()}.json`, formatBackup(file as Backup));
      setExportNote(note);
    });

  return (
    <div class="pp-data-transfer">
      <p class="pp-muted">
        Your follows, muted topics, custom topics and settings, as one JSON file. The index itself is not
        exported: it is rebuilt from arXiv.
      </p>
      <div class="pp-actions">
        <button type="button" class="pp-button" onClick={exportNow} disabled={exporting.pending} data-export>
          Export to a file
        </button>
        <label class="pp-button pp-file-button">
          Import from a file…
          <input
            type="file"
            accept="application/json,.json"
            class="pp-visually-hidden"
            onChange={(event) => choose(event.currentTarget)}
            data-import-file
          />
        </label>
      </div>
      {exporting.error && (
        <p role="alert" class="pp-error">
          Export failed: {exporting.error}
        </p>
      )}
      {exportNote && (
        <p role="status" class="pp-muted" data-export-note>
          {exportNote}
        </p>
      )}
      {importing.error && (
        <p role="alert" class="pp-error">
          Import failed, nothing was changed: {importing.error}
        </p>
      )}
      {importing.pending && <p class="pp-muted">Reading the file…</p>}
      {pending && (
        <ImportPreview
          pending={pending}
          busy={importing.pending}
          onApply={() => apply(pending)}
          onCancel={cancel}
        />
      )}
      {outcome && (
        <p
          role={outcome.error ? 'alert' : 'status'}
          class={outcome.error ? 'pp-error' : 'pp-ok'}
          data-import-outcome
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}

/**
 * An import in two steps: `choose` reads the file and asks the background what it would change (nothing
 * is written), `apply` makes those changes. The outcome says what happened, or why nothing did.
 */
function useImport(onImported: () => void) {
  const send = useSend();
  const importing = useAction();
  const [pending, setPending] = useState<Pending | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  const choose = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again is a new import
    setPending(undefined);
    setOutcome(undefined);
    if (!file) return;
    void importing.run(async () => {
      const read = await readImportFile(file);
      if (!read.ok) return setOutcome({ text: `Nothing was changed: ${read.error}`, error: true });
      const check = await send('data.import', { file: read.value, apply: false });
      if (!check.ok) return setOutcome({ text: `Nothing was changed: ${check.error}`, error: true });
      if (check.changes.length === 0) {
        const left = check.skipped.length ? ` Left out: ${check.skipped.join('; ')}.` : '';
        return setOutcome({
          text: `${file.name} holds nothing new: nothing to change.${left}`,
          error: false,
        });
      }
      setPending({ name: file.name, file: read.value, changes: check.changes, skipped: check.skipped });
    });
  };

  const apply = (chosen: Pending) =>
    importing.run(async () => {
      const result = await send('data.import', { file: chosen.file, apply: true });
      setPending(undefined);
      if (!result.ok) return setOutcome({ text: `Nothing was changed: ${result.error}`, error: true });
      const made = `${result.changes.length} ${result.changes.length === 1 ? 'change' : 'changes'} made`;
      const n = result.skipped.length;
      const left = n ? `; ${n} ${n === 1 ? 'entry' : 'entries'} left out (unknown to this version)` : '';
      setOutcome({ text: `Imported ${chosen.name}: ${made}${left}.`, error: false });
      onImported();
    });

  return { importing, pending, outcome, choose, apply, cancel: () => setPending(undefined) };
}

interface ImportPreviewProps {
  pending: Pending;
  /** The import is being applied. */
  busy: boolean;
  onApply(): void;
  onCancel(): void;
}

/** What the chosen file would change, and what it holds that this version does not know; apply or cancel. */
function ImportPreview({ pending, busy, onApply, onCancel }: ImportPreviewProps) {
  return (
    <section class="pp-import-preview" aria-label="Changes the import will make" data-import-preview>
      <p>Importing {pending.name} will:</p>
      <ul>
        {pending.changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
      {pending.skipped.length > 0 && (
        <>
          <p>Left out, unknown to this version of PaperPulse:</p>
          <ul aria-label="Not imported" data-import-skipped>
            {pending.skipped.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        </>
      )}
      <div class="pp-actions">
        <button
          type="button"
          class="pp-button pp-primary"
          onClick={onApply}
          disabled={busy}
          data-import-apply
        >
          Apply these changes
        </button>
        <button type="button" class="pp-link-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
