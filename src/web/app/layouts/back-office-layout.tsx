import { Outlet } from 'react-router';
import { SiteHeader } from '../shell/site-header';

/**
 * The frame of /admin: the shop's header (account menu, theme), no onboarding banner
 * (docs/product/admin.md#admin-area-admins-only) and no newsletter box or marketing footer: an admin at work
 * is no visitor to win over (docs/decisions/025-back-office-layout.md).
 */
export function BackOfficeLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2"
      >
        Zum Inhalt springen
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
