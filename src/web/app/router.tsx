import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { HomePage } from '@web/features/events/home-page';
import { ComingSoonPage } from '@web/features/site/coming-soon-page';
import { NotFoundPage } from '@web/components/pages/not-found-page';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ComingSoonGate } from './coming-soon-gate';
import { RequireAdmin, RequireAuth } from './guards';
import { AuthLayout } from './layouts/auth-layout';
import { BackOfficeLayout } from './layouts/back-office-layout';
import { PublicLayout } from './layouts/public-layout';
import { Root } from './root';

const gated = (element: React.ReactNode) => <ComingSoonGate>{element}</ComingSoonGate>;
const signedIn = (element: React.ReactNode) => <RequireAuth>{element}</RequireAuth>;

/** Lazily loaded page: keeps rarely visited pages (FAQ, legal texts, admin) out of the first download. */
const lazyPage = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: load,
});

const AdminApp = lazy(() => import('@web/features/admin/admin-app'));

function AdminOutlet() {
  return (
    <RequireAdmin>
      <Suspense fallback={<PageSpinner />}>
        <AdminApp />
      </Suspense>
    </RequireAdmin>
  );
}

function OrderConfirmationRedirect() {
  const { bookingId } = useParams();
  return <Navigate to={`/booking/${bookingId}/success`} replace />;
}

// spec visitor §2 'Route table' (and spec admin §2 for /admin).
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: gated(<HomePage />) },
          { path: 'events', element: <Navigate to="/?view=cards" replace /> },
          { path: 'timetable', element: <Navigate to="/?view=timetable" replace /> },
          {
            path: 'coming-soon',
            element: (
              <RequireAdmin>
                <ComingSoonPage />
              </RequireAdmin>
            ),
          },
          {
            path: 'event/:slug',
            ...lazyPage(() =>
              import('@web/features/events/event-detail-page').then((m) => ({
                Component: () => gated(<m.EventDetailPage />),
              })),
            ),
          },
          {
            path: 'help',
            ...lazyPage(() =>
              import('@web/features/content/help-page').then((m) => ({
                Component: () => gated(<m.HelpPage />),
              })),
            ),
          },
          {
            path: 'impressum',
            ...lazyPage(() =>
              import('@web/features/content/imprint-page').then((m) => ({ Component: m.ImprintPage })),
            ),
          },
          {
            path: 'datenschutz',
            ...lazyPage(() =>
              import('@web/features/content/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
            ),
          },
          {
            path: 'agb',
            ...lazyPage(() =>
              import('@web/features/content/terms-page').then((m) => ({ Component: m.TermsPage })),
            ),
          },
          {
            path: 'email-confirmed',
            ...lazyPage(() =>
              import('@web/features/newsletter/email-confirmed-page').then((m) => ({
                Component: m.EmailConfirmedPage,
              })),
            ),
          },
          {
            path: 'setup',
            lazy: () => import('@web/features/setup/setup-page').then((m) => ({ Component: m.SetupPage })),
          },
          {
            path: 'dev/mails',
            lazy: () =>
              import('@web/features/dev/dev-mails-page').then((m) => ({ Component: m.DevMailsPage })),
          },
          {
            path: 'onboarding',
            ...lazyPage(() =>
              import('@web/features/profile/onboarding-page').then((m) => ({
                Component: () => signedIn(<m.OnboardingPage />),
              })),
            ),
          },
          {
            path: 'booking/:eventId',
            ...lazyPage(() =>
              import('@web/features/checkout/booking-page').then((m) => ({
                Component: () => signedIn(<m.BookingPage />),
              })),
            ),
          },
          {
            path: 'booking/:bookingId/success',
            ...lazyPage(() =>
              import('@web/features/checkout/booking-success-page').then((m) => ({
                Component: () => signedIn(<m.BookingSuccessPage />),
              })),
            ),
          },
          {
            // Open to guests: the page itself shows the quick sign-in card (decision 011).
            path: 'checkout/:eventId',
            ...lazyPage(() =>
              import('@web/features/checkout/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
            ),
          },
          ...['my-tickets', 'meine-tickets'].map((path) => ({
            path,
            ...lazyPage(() =>
              import('@web/features/tickets/my-tickets-page').then((m) => ({
                Component: () => signedIn(<m.MyTicketsPage />),
              })),
            ),
          })),
          {
            path: 'profile',
            ...lazyPage(() =>
              import('@web/features/profile/profile-page').then((m) => ({
                Component: () => signedIn(<m.ProfilePage />),
              })),
            ),
          },
          // The link of the e-mail-change mail; opened signed out too (the token alone proves it).
          {
            path: 'profile/email',
            ...lazyPage(() =>
              import('@web/features/profile/email-change-page').then((m) => ({
                Component: m.EmailChangePage,
              })),
            ),
          },
          { path: 'order/:bookingId/confirmation', element: <OrderConfirmationRedirect /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <BackOfficeLayout />,
        children: [{ path: 'admin/*', element: <AdminOutlet /> }],
      },
      {
        element: <AuthLayout />,
        children: [
          {
            path: 'login',
            lazy: () => import('@web/features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: 'event/:slug/login',
            lazy: () =>
              import('@web/features/auth/event-login-page').then((m) => ({
                Component: () => gated(<m.EventLoginPage />),
              })),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
