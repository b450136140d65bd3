// Test data of the admin tickets screens, written once for the page, the group and the dialog tests.
import type { AdminTicketRow } from '@shared/admin-tickets';

/** An active ticket of event e1 ('Greta Gans', 49,00 €); overrides change what a test is about. */
export const adminTicketRow = (overrides: Partial<AdminTicketRow> = {}): AdminTicketRow => ({
  id: 'aaaaaaaa-1111-4000-8000-000000000001',
  eventId: 'e1',
  bookingId: 'bbbbbbbb-2222-4000-8000-000000000001',
  orderNumber: 'WR-7K3Q9F',
  ticketNumber: 'T-2030-0001',
  code: '0001',
  status: 'active',
  isTest: false,
  cancellationRequested: false,
  past: false,
  createdAt: '2030-03-14T10:00:00.000Z',
  holderName: 'Greta Gans',
  holderEmail: null,
  transferredAt: null,
  checkedInAt: null,
  buyerEmail: 'greta@example.org',
  profileId: 'u1',
  priceCents: 4900,
  currency: 'EUR',
  categoryName: 'Ticket',
  refundedCents: 0,
  paymentMethod: null,
  ...overrides,
});
