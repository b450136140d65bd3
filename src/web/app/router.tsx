import { lazy, Suspense } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router';
import { CLIENT_ROUTES } from '@shared/routes';
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

// The paths come from the route table the server shares (src/shared/routes.ts, docs/product/site.md#routes);
// router.test.tsx checks that every path of the table has its route here. The magic-link handler is the
// root's (root.tsx).
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: gated(<HomePage />) },
          { path: CLIENT_ROUTES.events, element: <Navigate to="/?view=cards" replace /> },
          { path: CLIENT_ROUTES.timetable, element: <Navigate to="/?view=timetable" replace /> },
          {
            path: CLIENT_ROUTES.comingSoon,
            element: (
              <RequireAdmin>
                <ComingSoonPage />
              </RequireAdmin>
            ),
          },
          {
            path: CLIENT_ROUTES.event,
            ...lazyPage(() =>
              import('@web/features/events/event-detail-page').then((m) => ({
                Component: () => gated(<m.EventDetailPage />),
              })),
            ),
          },
          {
            path: CLIENT_ROUTES.help,
            ...lazyPage(() =>
              import('@web/features/content/help-page').then((m) => ({
                Component: () => gated(<m.HelpPage />),
              })),
            ),
          },
          {
            path: CLIENT_ROUTES.imprint,
            ...lazyPage(() =>
              import('@web/features/content/imprint-page').then((m) => ({ Component: m.ImprintPage })),
            ),
          },
          {
            path: CLIENT_ROUTES.privacy,
            ...lazyPage(() =>
              import('@web/features/content/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
            ),
          },
          {
            path: CLIENT_ROUTES.terms,
            ...lazyPage(() =>
              import('@web/features/content/terms-page').then((m) => ({ Component: m.TermsPage })),
            ),
          },
          {
            path: CLIENT_ROUTES.emailConfirmed,
            ...lazyPage(() =>
              import('@web/features/newsletter/email-confirmed-page').then((m) => ({
                Component: m.EmailConfirmedPage,
              })),
            ),
          },
          {
            path: CLIENT_ROUTES.setup,
            lazy: () => import('@web/features/setup/setup-page').then((m) => ({ Component: m.SetupPage })),
          },
          {
            path: CLIENT_ROUTES.devMails,
            lazy: () =>
              import('@web/features/dev/dev-mails-page').then((m) => ({ Component: m.DevMailsPage })),
          },
          {
            path: CLIENT_ROUTES.onboarding,
            ...lazyPage(() =>
              import('@web/features/profile/onboarding-page').then((m) => ({
                Component: () => signedIn(<m.OnboardingPage />),
              })),
            ),
          },
          {
            path: CLIENT_ROUTES.booking,
            ...lazyPage(() =>
              import('@web/features/checkout/booking-page').then((m) => ({
                Component: () => signedIn(<m.BookingPage />),
              })),
            ),
          },
          {
            path: CLIENT_ROUTES.bookingSuccess,
            ...lazyPage(() =>
              import('@web/features/checkout/booking-success-page').then((m) => ({
                Component: () => signedIn(<m.BookingSuccessPage />),
              })),
            ),
          },
          {
            // Open to guests: the page itself shows the quick sign-in card (decision 011).
            path: CLIENT_ROUTES.checkout,
            ...lazyPage(() =>
              import('@web/features/checkout/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
            ),
          },
          ...[CLIENT_ROUTES.myTickets, CLIENT_ROUTES.myTicketsGerman].map((path) => ({
            path,
            ...lazyPage(() =>
              import('@web/features/tickets/my-tickets-page').then((m) => ({
                Component: () => signedIn(<m.MyTicketsPage />),
              })),
            ),
          })),
          {
            path: CLIENT_ROUTES.profile,
            ...lazyPage(() =>
              import('@web/features/profile/profile-page').then((m) => ({
                Component: () => signedIn(<m.ProfilePage />),
              })),
            ),
          },
          // The link of the e-mail-change mail; opened signed out too (the token alone proves it).
          {
            path: CLIENT_ROUTES.profileEmail,
            ...lazyPage(() =>
              import('@web/features/profile/email-change-page').then((m) => ({
                Component: m.EmailChangePage,
              })),
            ),
          },
          { path: CLIENT_ROUTES.orderConfirmation, element: <OrderConfirmationRedirect /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <BackOfficeLayout />,
        children: [{ path: CLIENT_ROUTES.admin, element: <AdminOutlet /> }],
      },
      {
        element: <AuthLayout />,
        children: [
          {
            path: CLIENT_ROUTES.login,
            lazy: () => import('@web/features/auth/login-page').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: CLIENT_ROUTES.eventLogin,
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
