import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A titled box of the dashboard with an optional link to the full screen, and its empty state. */
export function DashboardPanel(props: {
  id: string;
  title: string;
  link?: { to: string; label: string };
  empty: ReactNode | null;
  children: ReactNode;
}) {
  const { id, title, link, empty, children } = props;
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {link && (
          <Link to={link.to} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {link.label}
          </Link>
        )}
      </div>
      {empty ? (
        <div className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {empty}
        </div>
      ) : (
        children
      )}
    </section>
  );
}

export const eventEditPath = (id: string) => `/admin/events/${id}/edit`;

export const linkClass = 'font-medium underline-offset-4 hover:underline focus-visible:underline';
