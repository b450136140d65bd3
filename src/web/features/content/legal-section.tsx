import type { ReactNode } from 'react';
import { isOperatorPlaceholder } from '@shared/settings';
import { useSettings } from '@web/lib/settings';

// Shared layout of the FAQ and the legal pages: readable prose width, one h1, h2 per section.

export const proseLinkClass =
  'font-medium text-primary underline underline-offset-4 hover:no-underline break-words';
export const listClass = 'list-disc space-y-2 pl-6 marker:text-muted-foreground';

export function ContentPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 text-base leading-relaxed sm:px-6 sm:py-14">
      <header className="border-b border-border pb-6">
        <h1 className="font-serif text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {lead ? <div className="mt-3 text-lg text-muted-foreground">{lead}</div> : null}
      </header>
      <div className="mt-8 space-y-10">{children}</div>
    </article>
  );
}

/** One part of a page: an h2 and its paragraphs, lists or addresses. */
export function LegalSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  const headingId = id ? `${id}-titel` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24 space-y-4">
      <h2 id={headingId} className="font-serif text-xl font-semibold tracking-tight text-balance sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Operator data from the settings; a value still at its default `[Bitte eintragen: …]` is highlighted so the
 * operator cannot miss it before going live (decision 003).
 */
export function OperatorValue({ value }: { value: string }) {
  if (!isOperatorPlaceholder(value)) return <>{value}</>;
  return (
    <mark
      title="Noch vom Betreiber in den Einstellungen einzutragen"
      className="rounded-sm px-1 outline-2 outline-offset-1 outline-current outline-dashed"
    >
      {value}
    </mark>
  );
}

/** An e-mail address as mailto link, or the highlighted placeholder. */
export function OperatorEmail({ value }: { value: string }) {
  if (isOperatorPlaceholder(value) || value.trim() === '') return <OperatorValue value={value} />;
  return (
    <a href={`mailto:${value}`} className={proseLinkClass}>
      {value}
    </a>
  );
}

/** Name and postal address of the operator, as printed in imprint, privacy policy and terms. */
export function OperatorAddress() {
  const { operator } = useSettings();
  return (
    <address className="not-italic">
      <OperatorValue value={operator.name} />
      <br />
      <OperatorValue value={operator.street} />
      <br />
      <OperatorValue value={operator.city} />
    </address>
  );
}

/** Shown above legal texts while operator data is missing; visitors see the same marks, so say it plainly. */
export function OperatorPlaceholderNotice() {
  const { operator } = useSettings();
  if (!Object.values(operator).some(isOperatorPlaceholder)) return null;
  return (
    <p className="rounded-lg border border-dashed border-border bg-muted px-4 py-3 text-sm text-foreground">
      Hinweis für den Betreiber: Markierte Angaben sind noch Platzhalter und müssen in den Einstellungen
      ergänzt werden.
    </p>
  );
}
