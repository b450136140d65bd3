import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/page-title';

/**
 * Shown on routes whose feature has not landed yet (see the open issues), so every route of the table
 * resolves and the shell around it can be tested. Each feature replaces its entry in the router.
 */
export function PendingPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">Dieser Bereich wird gerade aufgebaut.</p>
      <Link to="/" className={`${buttonClasses('secondary')} mt-8`}>
        Zur Startseite
      </Link>
    </section>
  );
}
