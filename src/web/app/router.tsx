import { lazy, Suspense } from 'react';
import { matchRoutes, Navigate, Outlet, useParams, type RouteObject } from 'react-router';
import { CLIENT_ROUTES } from '@shared/routes';
import { HomePage } from '@web/features/events/home-page';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { ComingSoonGate } from './coming-soon-gate';
import { RequireAdmin, RequireAuth, RequireOrganizer } from './guards';
import { lazyPage, wrapped, type RouteHandle } from './lazy-page';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { Root } from './root';

const gated = (element: React.ReactNode) => <ComingSoonGate>{element}</ComingSoonGate>;
const signedIn = (element: React.ReactNode) => <RequireAuth>{element}</RequireAuth>;

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

/**
 * The organizer area (docs/product/organizer-day.md#organizer-area): organizers and admins, in the back
 * office's frame; the admin area itself stays admins-only.
 */
function OrganizerArea() {
  return (
    <RequireOrganizer>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <Outlet />
      </div>
    </RequireOrganizer>
  );
}

const forOrganizers = (element: React.ReactNode) => <RequireOrganizer>{element}</RequireOrganizer>;

function OrderConfirmationRedirect() {
  const { bookingId } = useParams();
  return <Navigate to={`/booking/${bookingId}/success`} replace />;
}

// Pages in their own chunks (loaded when visited; preloaded before a server-rendered page hydrates).
const pages = {
  // the back office's frame, the coming-soon preview and 404: never rendered by the server
  backOffice: lazyPage(() => import('./layouts/back-office-layout').then((m) => m.BackOfficeLayout)),
  comingSoon: lazyPage(() => import('@web/features/site/coming-soon-page').then((m) => m.ComingSoonPage)),
  notFound: lazyPage(() => import('@web/components/pages/not-found-page').then((m) => m.NotFoundPage)),
  event: lazyPage(() => import('@web/features/events/event-detail-page').then((m) => m.EventDetailPage)),
  series: lazyPage(() => import('@web/features/events/series-page').then((m) => m.SeriesPage)),
  help: lazyPage(() => import('@web/features/content/help-page').then((m) => m.HelpPage)),
  imprint: lazyPage(() => import('@web/features/content/imprint-page').then((m) => m.ImprintPage)),
  privacy: lazyPage(() => import('@web/features/content/privacy-page').then((m) => m.PrivacyPage)),
  terms: lazyPage(() => import('@web/features/content/terms-page').then((m) => m.TermsPage)),
  accessibility: lazyPage(() =>
    import('@web/features/content/accessibility-page').then((m) => m.AccessibilityPage),
  ),
  emailConfirmed: lazyPage(() =>
    import('@web/features/newsletter/email-confirmed-page').then((m) => m.EmailConfirmedPage),
  ),
  setup: lazyPage(() => import('@web/features/setup/setup-page').then((m) => m.SetupPage)),
  devMails: lazyPage(() => import('@web/features/dev/dev-mails-page').then((m) => m.DevMailsPage)),
  onboarding: lazyPage(() => import('@web/features/profile/onboarding-page').then((m) => m.OnboardingPage)),
  booking: lazyPage(() => import('@web/features/checkout/booking-page').then((m) => m.BookingPage)),
  bookingSuccess: lazyPage(() =>
    import('@web/features/checkout/booking-success-page').then((m) => m.BookingSuccessPage),
  ),
  checkout: lazyPage(() => import('@web/features/checkout/checkout-page').then((m) => m.CheckoutPage)),
  myTickets: lazyPage(() => import('./my-tickets-route').then((m) => m.MyTicketsRoute)),
  profile: lazyPage(() => import('@web/features/profile/profile-page').then((m) => m.ProfilePage)),
  profileEmail: lazyPage(() =>
    import('@web/features/profile/email-change-page').then((m) => m.EmailChangePage),
  ),
  login: lazyPage(() => import('@web/features/auth/login-page').then((m) => m.LoginPage)),
  eventLogin: lazyPage(() => import('@web/features/auth/event-login-page').then((m) => m.EventLoginPage)),
  organizer: lazyPage(() => import('@web/features/organizer/organizer-page').then((m) => m.OrganizerPage)),
  // the admin area's participant list, the same page for organizers (docs/product/organizer-day.md#participants)
  organizerEvent: lazyPage(() =>
    import('@web/features/admin/participants/participants-page').then((m) => {
      const { ParticipantsPage } = m;
      return function OrganizerParticipantsPage() {
        return <ParticipantsPage area="organizer" />;
      };
    }),
  ),
  // the admin area's survey results, the same page for organizers (docs/product/feedback.md#results)
  organizerEventFeedback: lazyPage(() =>
    import('@web/features/admin/feedback/feedback-results-page').then((m) => {
      const { FeedbackResultsPage } = m;
      return function OrganizerFeedbackPage() {
        return <FeedbackResultsPage area="organizer" />;
      };
    }),
  ),
  feedback: lazyPage(() => import('@web/features/feedback/feedback-page').then((m) => m.FeedbackPage)),
  certificateCheck: lazyPage(() =>
    import('@web/features/certificates/certificate-check-page').then((m) => m.CertificateCheckPage),
  ),
  checkIn: lazyPage(() => import('@web/features/checkin/checkin-page').then((m) => m.CheckInPage)),
  widget: lazyPage(() => import('@web/features/events/widget-page').then((m) => m.WidgetPage)),
};

// The paths come from the route table the server shares (src/shared/routes.ts, docs/product/site.md#routes);
// router.test.tsx checks that every path of the table has its route here. The magic-link handler is the
// root's (root.tsx).
export const routes: RouteObject[] = [
  // inside other sites' frames: no header, footer or cookie banner (docs/product/widget.md#widget-page)
  { path: CLIENT_ROUTES.widget, ...wrapped(pages.widget) },
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
            ...wrapped(pages.comingSoon, (page) => <RequireAdmin>{page}</RequireAdmin>),
          },
          { path: CLIENT_ROUTES.event, ...wrapped(pages.event, gated) },
          { path: CLIENT_ROUTES.series, ...wrapped(pages.series, gated) },
          { path: CLIENT_ROUTES.help, ...wrapped(pages.help, gated) },
          { path: CLIENT_ROUTES.imprint, ...wrapped(pages.imprint) },
          { path: CLIENT_ROUTES.privacy, ...wrapped(pages.privacy) },
          { path: CLIENT_ROUTES.terms, ...wrapped(pages.terms) },
          { path: CLIENT_ROUTES.accessibility, ...wrapped(pages.accessibility) },
          { path: CLIENT_ROUTES.emailConfirmed, ...wrapped(pages.emailConfirmed) },
          // the signed link alone opens it, also in coming-soon mode (docs/product/feedback.md#survey)
          { path: CLIENT_ROUTES.feedback, ...wrapped(pages.feedback) },
          // an employer checks without an account, also in coming-soon mode (docs/product/certificates.md#check-page)
          { path: CLIENT_ROUTES.certificateCheck, ...wrapped(pages.certificateCheck) },
          { path: CLIENT_ROUTES.setup, ...wrapped(pages.setup) },
          { path: CLIENT_ROUTES.devMails, ...wrapped(pages.devMails) },
          { path: CLIENT_ROUTES.onboarding, ...wrapped(pages.onboarding, signedIn) },
          { path: CLIENT_ROUTES.booking, ...wrapped(pages.booking, signedIn) },
          { path: CLIENT_ROUTES.bookingSuccess, ...wrapped(pages.bookingSuccess, signedIn) },
          // the test provider's redirect page is the success page's (decision 056)
          { path: CLIENT_ROUTES.testPayment, ...wrapped(pages.bookingSuccess, signedIn) },
          {
            // Open to guests: the page itself shows the quick sign-in card (decision 011).
            path: CLIENT_ROUTES.checkout,
            ...wrapped(pages.checkout),
          },
          ...[CLIENT_ROUTES.myTickets, CLIENT_ROUTES.myTicketsGerman].map((path) => ({
            path,
            ...wrapped(pages.myTickets, signedIn),
          })),
          { path: CLIENT_ROUTES.profile, ...wrapped(pages.profile, signedIn) },
          // The link of the e-mail-change mail; opened signed out too (the token alone proves it).
          { path: CLIENT_ROUTES.profileEmail, ...wrapped(pages.profileEmail) },
          { path: CLIENT_ROUTES.orderConfirmation, element: <OrderConfirmationRedirect /> },
          { path: '*', ...wrapped(pages.notFound) },
        ],
      },
      {
        ...wrapped(pages.backOffice),
        children: [
          { path: CLIENT_ROUTES.admin, element: <AdminOutlet /> },
          {
            element: <OrganizerArea />,
            children: [
              { path: CLIENT_ROUTES.organizer, ...wrapped(pages.organizer) },
              { path: CLIENT_ROUTES.organizerEvent, ...wrapped(pages.organizerEvent) },
              { path: CLIENT_ROUTES.organizerEventFeedback, ...wrapped(pages.organizerEventFeedback) },
            ],
          },
          // the door check-in shapes its own page (docs/product/organizer-day.md#check-in)
          { path: CLIENT_ROUTES.checkIn, ...wrapped(pages.checkIn, forOrganizers) },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: CLIENT_ROUTES.login, ...wrapped(pages.login) },
          { path: CLIENT_ROUTES.eventLogin, ...wrapped(pages.eventLogin, gated) },
        ],
      },
    ],
  },
];

/**
 * Loads the code of the lazily loaded pages a path shows, so that hydrating a server-rendered page (and the
 * server's render) never suspends (docs/architecture.md#server-rendering).
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.()));
}
