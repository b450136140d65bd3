import { MAIL_PLACEHOLDERS, type ParticipantMessagePreview } from '@shared/mail-rules';

// Parts of the 'Nachricht an alle' dialog (docs/product/event-mails.md#participant-message).

/** The placeholders a message may use, each a button that puts it into the field last used. */
export function PlaceholderButtons({
  disabled,
  onPick,
}: {
  disabled: boolean;
  onPick: (name: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5 text-sm text-muted-foreground">
      <p>Platzhalter (antippen zum Einfügen):</p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Platzhalter">
        {Object.entries(MAIL_PLACEHOLDERS).map(([name, meaning]) => (
          <li key={name}>
            <button
              type="button"
              title={meaning}
              disabled={disabled}
              onClick={() => onPick(name)}
              className="rounded-md border border-border bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40 disabled:opacity-60"
            >
              {`{${name}}`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The subject and the mail as its first recipient sees it; the HTML in a sandbox (no scripts, no origin). */
export function PreviewPane({ preview }: { preview: ParticipantMessagePreview }) {
  const sample =
    preview.recipients === 0
      ? 'Ausgefüllt mit einem Beispielticket.'
      : `Ausgefüllt wie für ${preview.sample}.`;
  const reach = preview.recipients === 1 ? 'Geht an 1 Person.' : `Geht an ${preview.recipients} Personen.`;
  return (
    <section aria-label="Vorschau" className="flex flex-col gap-2 rounded-xl border border-border p-3">
      <p className="text-sm">
        <span className="text-muted-foreground">Betreff: </span>
        <span className="font-medium">{preview.subject}</span>
      </p>
      <p className="text-sm text-muted-foreground">
        {sample} {reach}
      </p>
      <iframe
        title="Vorschau der E-Mail"
        sandbox=""
        srcDoc={preview.html}
        className="h-80 w-full rounded-lg border border-border bg-white"
      />
    </section>
  );
}
