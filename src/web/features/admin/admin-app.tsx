import { useRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from '@web/components/pages/not-found-page';
import { AccountingPage } from './accounting/accounting-page';
import { AdminLayout } from './admin-layout';
import { BankStatementsPage } from './bank-statements/bank-statements-page';
import { CertificateSettingsCard } from './certificates/components/certificate-settings-card';
import { EventCertificatesSection } from './certificates/components/event-certificates-section';
import { DashboardPage } from './dashboard/dashboard-page';
import { DiscountCodesPage } from './discount-codes/discount-codes-page';
import { EventCreatePage } from './events/event-create-page';
import { EventEditPage } from './events/event-edit-page';
import { EventsListPage } from './events/events-list-page';
import { FeedbackResultsPage } from './feedback/feedback-results-page';
import { InvoicesPage } from './invoices/invoices-page';
import { EventMailRulesSection } from './mail-rules/components/event-mail-rules-section';
import { GlobalMailRules } from './mail-rules/components/global-mail-rules';
import { ParticipantsPage } from './participants/participants-page';
import { SeriesEventActions } from './series/components/series-event-actions';
import { SeriesPage } from './series/series-page';
import { SettingsPage } from './settings/settings-page';
import { TicketsPage } from './tickets/tickets-page';
import { UsersPage } from './users/users-page';
import { WaitlistPage } from './waitlist/waitlist-page';

/**
 * The admin area: loaded as its own chunk, so public pages never download admin code. Each area is a feature
 * of its own; this shell is the one place that imports them all, and it puts the mail rules into the event
 * editor and the settings (docs/decisions/052-admin-areas-as-features.md).
 */
export const adminRoutes: RouteObject[] = [
  {
    element: <AdminLayout />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'events', element: <EventsListPage /> },
      { path: 'events/new', element: <EventCreatePage /> },
      {
        path: 'events/:id/edit',
        element: (
          <EventEditPage
            mailRules={(eventId) => <EventMailRulesSection eventId={eventId} />}
            seriesActions={(event) => <SeriesEventActions event={event} />}
            certificates={(eventId) => <CertificateSettingsCard eventId={eventId} />}
          />
        ),
      },
      // docs/product/event-series.md#admin-list
      { path: 'series/:id', element: <SeriesPage /> },
      // docs/product/organizer-day.md#participants; the organizer area shows the same page (router.tsx)
      {
        path: 'events/:eventId/teilnehmende',
        element: (
          <ParticipantsPage
            area="admin"
            certificates={(eventId) => <EventCertificatesSection eventId={eventId} />}
          />
        ),
      },
      // docs/product/feedback.md#results; the organizer area shows the same page (router.tsx)
      { path: 'events/:eventId/feedback', element: <FeedbackResultsPage area="admin" /> },
      // docs/product/waiting-list.md#admin-waitlist
      { path: 'events/:eventId/warteliste', element: <WaitlistPage /> },
      { path: 'bookings', element: <TicketsPage /> },
      // invoices and cancellation invoices (issue 19)
      { path: 'rechnungen', element: <InvoicesPage /> },
      // docs/product/accounting.md
      { path: 'buchhaltung', element: <AccountingPage /> },
      // docs/product/bank-transfer.md#statement-import
      { path: 'kontoauszuege', element: <BankStatementsPage /> },
      // docs/product/ticket-categories.md#codes
      { path: 'gutscheincodes', element: <DiscountCodesPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'settings', element: <SettingsPage mailRules={<GlobalMailRules />} /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export default function AdminApp() {
  return useRoutes(adminRoutes);
}
