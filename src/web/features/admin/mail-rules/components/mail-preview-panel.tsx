import type { MailPreview } from '@shared/mail-rules';

/** Whose ticket filled the placeholders; the server says 'Beispielticket' when the event has none. */
export const sampleLine = (sample: string) =>
  sample === 'Beispielticket' ? 'Vorschau mit einem Beispielticket' : `Vorschau mit dem Ticket von ${sample}`;

/** The mail as its first recipient would get it: subject and the HTML, sandboxed (mail HTML is untrusted). */
export function MailPreviewPanel({ preview }: { preview: MailPreview }) {
  return (
    <section aria-labelledby="mail-rule-preview-heading" className="flex flex-col gap-2">
      <h3 id="mail-rule-preview-heading" className="text-sm font-semibold">
        Vorschau
      </h3>
      <p className="text-sm text-muted-foreground">{sampleLine(preview.sample)}</p>
      <p className="text-sm">
        <span className="font-medium">Betreff:</span> {preview.subject}
      </p>
      {/* sandbox="": no scripts, no forms, no same-origin access */}
      <iframe
        title={`Vorschau: ${preview.subject}`}
        sandbox=""
        srcDoc={preview.html}
        className="h-96 w-full rounded-lg border border-border bg-white"
      />
    </section>
  );
}
