import { Outlet } from 'react-router';
import { SiteHeader } from '../shell/site-header';
import { SkipLink } from '../shell/skip-link';

/**
 * The frame of /admin: the shop's header (account menu, theme), no onboarding banner
 * (docs/product/admin.md#admin-area-admins-only) and no newsletter box or marketing footer: an admin at work
 * is no visitor to win over (docs/decisions/025-back-office-layout.md).
 */
export function BackOfficeLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
