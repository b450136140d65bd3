import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BillingAddress, InvoiceKind } from '@shared/invoices';
import type * as schema from '../../db/schema';
import { events } from '../../db/schema';
import type { ExportedFeedback } from '../feedback/personal-feedback';
import type { ExportedCertificate } from '../certificates/personal-data-certificates';

// The document of 'Meine Daten herunterladen' (docs/product/accounts-and-consent.md#data-export): its shape,
// which exportPersonalData (export-personal-data.ts, the use case) returns and GET /api/profile/export sends
// as a JSON file, and the helpers that turn rows into it. Times are ISO strings.

/** A row as it reads in JSON: points in time as ISO strings. */
export type Jsonified<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** Date values of a row as ISO strings, the rest as it is. */
export function jsonified<T extends object>(row: T): Jsonified<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as Jsonified<T>;
}

/** The event columns every part of the export shows. */
export const eventColumns = {
  title: events.title,
  startTime: events.startTime,
  endTime: events.endTime,
  location: events.location,
};
export const eventOf = (event: { title: string; startTime: Date; endTime: Date; location: string }) =>
  jsonified(event) satisfies ExportedEvent;
export const iso = (value: Date | null) => value?.toISOString() ?? null;
/** Addresses are compared lower-cased: some tables keep them as typed. */
export const lowerEquals = (column: AnyPgColumn, email: string): SQL => sql`lower(${column}) = ${email}`;

type Row<Table extends { $inferSelect: unknown }> = Table['$inferSelect'];

/** The event a booking, ticket or entry is for. */
export interface ExportedEvent {
  title: string;
  startTime: string;
  endTime: string;
  location: string;
}

export type ExportedAccount = Jsonified<Row<typeof schema.user>> & {
  /** A requested change of the sign-in address not yet confirmed by its link. */
  pendingEmailChange: { email: string; expiresAt: string } | null;
};

export type ExportedTicket = Jsonified<
  Pick<
    Row<typeof schema.tickets>,
    | 'ticketNumber'
    | 'position'
    | 'status'
    | 'seats'
    | 'categoryName'
    | 'priceCents'
    | 'isTest'
    | 'checkedInAt'
    | 'holderName'
    | 'holderEmail'
    | 'cancellationRequested'
    | 'createdAt'
    | 'canceledAt'
  >
>;

export interface ExportedPayment {
  provider: string;
  amountCents: number;
  currency: string;
  status: string;
  createdAt: string;
}

export interface ExportedBooking {
  orderNumber: string;
  event: ExportedEvent;
  quantity: number;
  seats: number;
  unitPriceCents: number;
  totalAmountCents: number;
  /**
   * What was booked, one line per category (docs/product/ticket-categories.md#invoice-lines): the price each
   * ticket had and the line's share of the code's discount; a ticket's priceCents is what was paid for it.
   */
  lines: {
    category: string;
    quantity: number;
    seatsPerTicket: number;
    unitPriceCents: number;
    discountCents: number;
  }[];
  discountCode: string | null;
  discountCents: number;
  currency: string;
  status: string;
  paymentStatus: string;
  holderName: string | null;
  billingAddress: BillingAddress | null;
  /**
   * The answers to the event's questions (docs/product/ticket-categories.md#answers): the question as it was
   * asked, ticket position and person (1 or 2) for a per-person one, both null for the order's.
   */
  answers: { question: string; ticket: number | null; person: number | null; answer: string }[];
  isTest: boolean;
  createdAt: string;
  confirmedAt: string | null;
  cancellationDate: string | null;
  refundReason: string | null;
  tickets: ExportedTicket[];
  payments: ExportedPayment[];
  /** Bank transfers that paid it, as the bank's statement shows them (docs/product/bank-transfer.md#matching). */
  transfersReceived: ExportedTransferReceived[];
}

export interface ExportedTransferReceived {
  bookedOn: string;
  amountCents: number;
  payerName: string;
  payerIban: string;
  remittance: string;
}

/** A ticket another person bought and transferred to this person's address: the buyer is not named. */
export interface ExportedReceivedTicket {
  event: ExportedEvent;
  ticketNumber: string;
  status: string;
  seats: number;
  holderName: string | null;
  holderEmail: string | null;
  checkedInAt: string | null;
  canceledAt: string | null;
}

export interface ExportedRefund {
  orderNumber: string;
  /** NULL for a refund of a whole booking. */
  ticketNumber: string | null;
  amountCents: number;
  currency: string;
  reason: string | null;
  status: string;
  /** a refund of a transfer: the account it goes to, when the person named one */
  payoutIban: string | null;
  payoutName: string | null;
  createdAt: string;
}

export interface ExportedInvoice {
  number: string;
  kind: InvoiceKind;
  orderNumber: string;
  issuedAt: string;
  grossCents: number;
  currency: string;
}

export interface ExportedWaitlistEntry {
  event: ExportedEvent;
  quantity: number;
  seats: number;
  status: string;
  createdAt: string;
  offeredAt: string | null;
  offerExpiresAt: string | null;
  endedAt: string | null;
  /** The booking an offer became. */
  orderNumber: string | null;
}

/**
 * A transfer of a ticket of the person's own booking ('made': both sides, as the person's own record), to
 * their address ('received': the giver is not named) or away from them as holder ('passed-on': the new
 * holder is not named).
 */
export interface ExportedTicketTransfer {
  direction: 'made' | 'received' | 'passed-on';
  at: string;
  event: ExportedEvent;
  /** 'buyer' or 'admin': who carried it out (an admin is not named). */
  actorRole: string;
  fromName: string | null;
  fromEmail: string | null;
  toName: string | null;
  toEmail: string | null;
  oldTicketNumber: string | null;
  newTicketNumber: string | null;
}

export interface ExportedMail {
  subject: string;
  status: string;
  createdAt: string;
  sentAt: string | null;
  /** The plain-text body while it is kept (null once removed, or while it carries a valid sign-in code). */
  text: string | null;
  /** File names only, never the content. */
  attachments: { filename: string; contentType: string }[];
}

export interface ExportedSignIn {
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** An admin acted in this session as the person (the admin is not named). */
  impersonated: boolean;
}

export interface PersonalDataExport {
  exportedAt: string;
  account: ExportedAccount;
  profile: Jsonified<Omit<Row<typeof schema.profiles>, 'id'>> | null;
  notificationPreferences: Jsonified<Omit<Row<typeof schema.userNotificationPreferences>, 'userId'>> | null;
  consents: Jsonified<Omit<Row<typeof schema.consents>, 'id' | 'userId'>>[];
  newsletter: {
    subscription: Jsonified<
      Omit<Row<typeof schema.newsletterSubscriptions>, 'id' | 'confirmTokenHash'>
    > | null;
    captures: Jsonified<Omit<Row<typeof schema.newsletterCaptures>, 'id'>>[];
  };
  bookings: ExportedBooking[];
  ticketsTransferredToMe: ExportedReceivedTicket[];
  refunds: ExportedRefund[];
  invoices: ExportedInvoice[];
  waitlist: ExportedWaitlistEntry[];
  /** The person's answers to 'Wie war's?' surveys (docs/product/feedback.md#privacy). */
  feedback: ExportedFeedback[];
  /** Certificates of attendance in the person's name (docs/product/certificates.md#privacy). */
  certificates: ExportedCertificate[];
  ticketTransfers: ExportedTicketTransfer[];
  mails: ExportedMail[];
  signIns: ExportedSignIn[];
  /** Organizers and admins: the events they are assigned to (docs/product/admin.md#organizer-role). */
  organizedEvents: (ExportedEvent & { assignedAt: string })[];
  /** Organizers and admins: their 'Nachricht an alle' (docs/product/event-mails.md#participant-message). */
  participantMessages: {
    event: ExportedEvent;
    subject: string;
    body: string;
    recipients: number;
    createdAt: string;
  }[];
}
