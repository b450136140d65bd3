import { MAIL_PLACEHOLDERS, type MailPlaceholder } from '@shared/mail-rules';

/** The placeholders a subject and text may use, with what they stand for. */
export function PlaceholderList({ id }: { id: string }) {
  return (
    <div id={id} className="rounded-lg border border-border bg-muted/40 p-3 text-sm">
      <p className="font-medium">Platzhalter für Betreff und Text</p>
      <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
        {(Object.keys(MAIL_PLACEHOLDERS) as MailPlaceholder[]).map((key) => (
          <div key={key} className="contents">
            <dt>
              <code className="rounded bg-muted px-1 font-mono text-xs">{`{${key}}`}</code>
            </dt>
            <dd className="text-muted-foreground">{MAIL_PLACEHOLDERS[key]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
