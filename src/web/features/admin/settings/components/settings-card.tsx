import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { cardClass } from '@web/features/admin/kit/admin-styles';
import { ErrorText } from '@web/components/ui/error-text';

/**
 * One card of the settings page (docs/product/admin.md#settings); `id` is also its anchor for the
 * section navigation, clear of the sticky header (docs/decisions/025-back-office-layout.md).
 */
export function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-heading`}
      className={`${cardClass} scroll-mt-32 outline-none lg:scroll-mt-24`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** 'Gespeichert' for 3 s after a save (docs/product/site.md#feedback). */
export function SavedNote({ visible }: { visible: boolean }) {
  return (
    <span role="status" className="text-sm text-success">
      {visible ? 'Gespeichert' : ''}
    </span>
  );
}

/** The end of a settings form: its error (an alert), 'Speichern' and the saved indicator. */
export function SaveFooter({
  error,
  pending,
  saved,
  className = '',
}: {
  error: string | null | undefined;
  pending: boolean;
  saved: boolean;
  className?: string;
}) {
  return (
    <>
      {error && <ErrorText>{error}</ErrorText>}
      <div className={`flex items-center gap-3 ${className}`.trim()}>
        <Button type="submit" disabled={pending}>
          {pending ? 'Wird gespeichert …' : 'Speichern'}
        </Button>
        <SavedNote visible={saved} />
      </div>
    </>
  );
}
