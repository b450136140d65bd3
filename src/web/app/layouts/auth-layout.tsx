import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { useSettings } from '@web/lib/settings';
import { SmartLink } from '@web/components/ui/smart-link';
import { Logo } from '../shell/logo';

/** A centred card with the links Datenschutz, AGB, Barrierefreiheit and Kontakt (docs/product/site.md#footer). */
export function AuthLayout() {
  return (
    <AuthLayoutFrame>
      <Outlet />
    </AuthLayoutFrame>
  );
}

export function AuthLayoutFrame({ children }: { children: ReactNode }) {
  const { legal, supportEmail } = useSettings();
  const linkClass = 'hover:text-foreground hover:underline';
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-muted/50 px-4 py-10">
      <Link to="/" aria-label="Zur Startseite" className="rounded-md">
        <Logo />
      </Link>
      <main
        id="main"
        className="w-full max-w-md rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
      >
        {children}
      </main>
      <nav
        aria-label="Rechtliches"
        className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground"
      >
        <SmartLink to={legal.privacyUrl} className={linkClass}>
          Datenschutz
        </SmartLink>
        <SmartLink to={legal.termsUrl} className={linkClass}>
          AGB
        </SmartLink>
        <Link to="/barrierefreiheit" className={linkClass}>
          Barrierefreiheit
        </Link>
        <a href={`mailto:${supportEmail}`} className={linkClass}>
          Kontakt
        </a>
      </nav>
    </div>
  );
}
