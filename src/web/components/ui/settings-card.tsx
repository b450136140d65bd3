import type { ReactNode } from 'react';
import { Button } from './button';
import { ErrorText } from './error-text';
import { Form } from './form';
import { SavedStatus } from './saved-status';

// One card of a settings page and the end of its form (docs/decisions/053-form-primitives.md): the card says
// 'Wird geladen …' until its data is there, or why it did not load; the footer shows the save's error,
// 'Speichern' and 'Gespeichert' for 3 s.

export interface SettingsCardProps {
  /** The section's id, also its anchor for a section navigation (scrolled clear of a sticky header). */
  id: string;
  title: string;
  description?: ReactNode;
  /** The card's data is not there yet: the card shows `loadError`, or 'Wird geladen …', instead of children. */
  loading?: boolean;
  /** Why the data did not load (shown only while `loading`). */
  loadError?: string | null;
  children?: ReactNode;
}

/** A titled settings section with its loading and load-error state. */
export function SettingsCard({
  id,
  title,
  description,
  loading = false,
  loadError,
  children,
}: SettingsCardProps) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-32 rounded-2xl border border-border bg-card p-6 text-card-foreground outline-none lg:scroll-mt-24"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-4">{loading ? <LoadingText error={loadError} /> : children}</div>
    </section>
  );
}

/** 'Wird geladen …', or why it did not load: a card's state, or a part's that loads on its own. */
export function LoadingText({ error }: { error?: string | null }) {
  return <p className="text-sm text-muted-foreground">{error || 'Wird geladen …'}</p>;
}

/** A settings card's form: the card checks the input (no browser validation), fields one under the other. */
export function SettingsForm({ onSubmit, children }: { onSubmit: () => unknown; children: ReactNode }) {
  return (
    <Form className="flex flex-col gap-4" onSubmit={onSubmit}>
      {children}
    </Form>
  );
}

/** The end of a settings form: its error (an alert), the submit button and the saved indicator. */
export function SaveFooter({
  error,
  pending,
  saved,
  label = 'Speichern',
  className = '',
}: {
  error: string | null | undefined;
  pending: boolean;
  saved: boolean;
  /** The submit button's text while not pending. */
  label?: string;
  className?: string;
}) {
  return (
    <>
      {error && <ErrorText>{error}</ErrorText>}
      <div className={`flex items-center gap-3 ${className}`.trim()}>
        <Button type="submit" disabled={pending}>
          {pending ? 'Wird gespeichert …' : label}
        </Button>
        <SavedStatus visible={saved} />
      </div>
    </>
  );
}
