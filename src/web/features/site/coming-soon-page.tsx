import { Link } from 'react-router';
import { buttonClasses } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/page-title';
import { useSettings } from '@web/lib/settings';

/** 'Bald verfügbar' with link 'Anmelden' to /login (docs/product/site.md#coming-soon). */
export function ComingSoonPage() {
  usePageTitle('Bald verfügbar');
  const { brand } = useSettings();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <img src="/logo.svg" alt="" className="h-16 w-16" />
      <h1 className="mt-6 font-serif text-4xl font-semibold tracking-tight">Bald verfügbar</h1>
      <p className="mt-3 text-muted-foreground">
        {brand.siteName} öffnet in Kürze. Schau bald wieder vorbei.
      </p>
      <Link to="/login" className={`${buttonClasses('primary', 'lg')} mt-8`}>
        Anmelden
      </Link>
    </section>
  );
}
