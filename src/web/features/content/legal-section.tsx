import type { ReactNode } from 'react';
import {
  legalFormOf,
  missingOperatorFields,
  operatorPlaceholder,
  requiredOperatorFields,
  type OperatorField,
} from '@shared/operator-data';
import { usePageTitle } from '@web/lib/page-title';
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
 * The operator's data (card 'Rechtliches & Betreiber', docs/decisions/021) and which of it a page prints: a
 * filled field, and a required one even while empty (as its placeholder, so the operator sees what is
 * missing). An optional field left empty is left out with its label.
 */
export function useOperator() {
  const { operator } = useSettings();
  const required = new Set(requiredOperatorFields(operator.legalForm));
  const shown = (field: OperatorField) => operator[field].trim() !== '' || required.has(field);
  return { operator, shown, missing: missingOperatorFields(operator) };
}

/** A field's value, or its highlighted placeholder `[Bitte eintragen: …]` while empty. */
export function OperatorValue({ field }: { field: OperatorField }) {
  const value = useSettings().operator[field].trim();
  if (value !== '') return <>{field === 'legalForm' ? (legalFormOf(value)?.label ?? value) : value}</>;
  return (
    <mark
      title="Noch vom Betreiber in den Einstellungen einzutragen"
      className="rounded-sm px-1 outline-2 outline-offset-1 outline-current outline-dashed"
    >
      {operatorPlaceholder(field)}
    </mark>
  );
}

export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={proseLinkClass}>
      {address}
    </a>
  );
}

/** An e-mail field of the operator as mailto link, or its placeholder. */
export function OperatorEmail({ field }: { field: 'email' | 'privacyEmail' }) {
  const value = useSettings().operator[field].trim();
  return value === '' ? <OperatorValue field={field} /> : <MailLink address={value} />;
}

/**
 * Postal address as printed in imprint, privacy policy and terms: the operator's name (or, for the person
 * responsible for the content, theirs) above street, postal code and city.
 */
export function OperatorAddress({ person = 'name' }: { person?: 'name' | 'contentResponsible' }) {
  return (
    <address className="not-italic">
      <OperatorValue field={person} />
      <br />
      <OperatorValue field="street" />
      <br />
      <OperatorValue field="postalCode" /> <OperatorValue field="city" />
    </address>
  );
}

/** Shown above legal texts while required data is missing; visitors see the same marks, so say it plainly. */
export function OperatorPlaceholderNotice() {
  if (useOperator().missing.length === 0) return null;
  return (
    <p className="rounded-lg border border-dashed border-border bg-muted px-4 py-3 text-sm text-foreground">
      Hinweis für den Betreiber: Markierte Angaben sind noch Platzhalter und müssen in den Einstellungen unter
      „Rechtliches &amp; Betreiber“ ergänzt werden.
    </p>
  );
}

/**
 * A legal page (imprint, privacy, terms): its title in the tab and as h1, then the operator's placeholder
 * notice above its sections.
 */
export function LegalPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <ContentPage title={title} lead={lead}>
      <OperatorPlaceholderNotice />
      {children}
    </ContentPage>
  );
}
