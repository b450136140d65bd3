import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isMagicLinkUrl } from '@shared/routes';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { AuthLayoutFrame } from './layouts/auth-layout';
import { lazyPart } from '@web/lib/lazy-part';
import { ScrollToTop } from './scroll-to-top';
import { Splash } from './shell/splash';

// in the HTML and shown by CSS; its code comes after the page answers (docs/architecture.md#server-rendering)
const CookieBanner = lazyPart(() => import('./shell/cookie-banner').then((m) => m.CookieBanner));

const MagicLinkPage = lazy(() =>
  import('@web/features/auth/magic-link-page').then((m) => ({ default: m.MagicLinkPage })),
);

/**
 * Everything every page shares; any URL with `code` or `token` shows the magic-link handler
 * (docs/product/accounts-and-consent.md#magic-link-handler).
 */
export function Root() {
  const location = useLocation();
  const magicLink = isMagicLinkUrl(location.pathname, new URLSearchParams(location.search));
  return (
    <>
      <Splash />
      <ScrollToTop />
      {magicLink ? (
        <AuthLayoutFrame>
          <Suspense fallback={<PageSpinner />}>
            <MagicLinkPage />
          </Suspense>
        </AuthLayoutFrame>
      ) : (
        <Outlet />
      )}
      <CookieBanner />
    </>
  );
}
