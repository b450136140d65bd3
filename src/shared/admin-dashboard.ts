import type { BookingPaymentStatus, BookingStatus } from './booking';
import type { EventStatus } from './events';
import type { OperatorField } from './operator-data';
import type { SeatFigures } from './seat-figures';

// GET /api/admin/dashboard: real figures (docs/product/admin.md#dashboard-figures, decision 012). How each
// figure is counted is written here once, for the server and the screen:
// - active events: published, not hidden, starting after now;
// - bookings: currently confirmed bookings; tickets sold: active (not cancelled) tickets;
// - revenue: succeeded payments minus succeeded and pending refunds (a pending refund is money already
//   promised back), per currency in integer cents. Payments of the built-in test provider are kept apart
//   (`test`), so simulated card payments never inflate the real figure;
// - conversion: of the checkouts started in the window (bookings created, any status), how many reached
//   confirmation (confirmed_at set, even if cancelled later);
// - "last 30 days" is a rolling window on each row's own creation time: bookings and tickets by when they
//   were made, payments by when they were taken, refunds by when they were granted (a cash-flow view, so the
//   window's revenue can be negative when old bookings are refunded).

/** The rolling window of the "last 30 days" figures. */
export const DASHBOARD_WINDOW_DAYS = 30;
export const DASHBOARD_NEWEST_EVENTS = 5;
export const DASHBOARD_NEWEST_BOOKINGS = 10;
export const DASHBOARD_UPCOMING_EVENTS = 5;

/** Money of one currency: what was paid, what went (or is going) back, and the difference. */
export interface RevenueFigure {
  currency: string;
  paidCents: number;
  refundedCents: number;
  netCents: number;
}

/**
 * Money paid with one method in one currency (docs/product/payments.md#method-names): succeeded payments by the
 * name their method reads as ('PayPal', 'Überweisung', 'Online (Stripe)' before methods were stored), refunds
 * not taken off, returned debits left out; 'Ohne Angabe' where nothing names it.
 */
export interface MethodRevenueFigure {
  method: string;
  currency: string;
  paidCents: number;
}

/**
 * What the tickets of one category brought in (docs/product/ticket-categories.md#invoice-lines): the prices
 * paid for them (after a code's discount) minus their refunds, succeeded and pending. Tickets of paid bookings
 * only; test payments apart as in `revenue`.
 */
export interface CategoryRevenueFigure {
  eventId: string;
  eventTitle: string;
  /** The name as booked ('Einzelzimmer'). */
  categoryName: string;
  currency: string;
  /** Tickets not cancelled. */
  ticketsSold: number;
  paidCents: number;
  refundedCents: number;
  netCents: number;
}

/**
 * What the bookings with one discount code brought in (docs/product/ticket-categories.md#codes): confirmed
 * bookings (`uses`), the discount they were given, what they paid minus their refunds.
 */
export interface CodeRevenueFigure {
  code: string;
  currency: string;
  uses: number;
  discountCents: number;
  paidCents: number;
  refundedCents: number;
  netCents: number;
}

/** At most this many rows per table of 'Umsatz nach Ticketart' and 'Umsatz nach Gutscheincode'. */
export const DASHBOARD_REVENUE_ROWS = 15;

export interface RevenuePeriods {
  total: RevenueFigure[];
  lastDays: RevenueFigure[];
}

export interface DashboardEvent {
  id: string;
  title: string;
  status: EventStatus;
  hidden: boolean;
  startTime: string;
  timezone: string;
  createdAt: string;
}

export interface DashboardBooking {
  id: string;
  /** The holder's name as booked, else the account's name; null when neither is known. */
  buyerName: string | null;
  /** null once the buyer's account was deleted (the booking stays for the books). */
  buyerEmail: string | null;
  profileId: string | null;
  eventId: string;
  eventTitle: string;
  quantity: number;
  totalAmountCents: number;
  currency: string;
  status: BookingStatus;
  paymentStatus: BookingPaymentStatus;
  isTest: boolean;
  createdAt: string;
}

/** Seats count persons (a per_pair ticket takes two); sold + held + available = total. */
/** Sold, offered, held and free seats as every back-office screen names them (docs/product/admin.md#seat-figures). */
export interface DashboardUpcomingEvent extends DashboardEvent, SeatFigures {
  availableSeats: number;
}

export interface AdminDashboard {
  generatedAt: string;
  windowDays: number;
  events: { active: number; total: number; byStatus: Record<EventStatus, number> };
  bookings: {
    confirmedTotal: number;
    confirmedLastDays: number;
    ticketsSoldTotal: number;
    ticketsSoldLastDays: number;
  };
  revenue: { live: RevenuePeriods; test: RevenuePeriods };
  /** Paid money by method, largest first within each currency; test payments apart as in `revenue`. */
  revenueByMethod: { live: MethodRevenueFigure[]; test: MethodRevenueFigure[] };
  /** 'Umsatz nach Ticketart': the categories with the most net revenue first. */
  revenueByCategory: { live: CategoryRevenueFigure[]; test: CategoryRevenueFigure[] };
  /** 'Umsatz nach Gutscheincode': the codes with the most uses first. */
  revenueByCode: { live: CodeRevenueFigure[]; test: CodeRevenueFigure[] };
  /** `rate` is confirmed / started, null while nothing was started in the window. */
  conversion: { confirmed: number; started: number; rate: number | null };
  newestEvents: DashboardEvent[];
  newestBookings: DashboardBooking[];
  upcomingEvents: DashboardUpcomingEvent[];
  /**
   * Required fields of the card 'Rechtliches & Betreiber' still empty (docs/decisions/021); the dashboard
   * warns while any is listed, because the legal pages show placeholders until then.
   */
  missingOperatorData: OperatorField[];
}

/** German names of the booking states for the admin screens. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Ausstehend',
  confirmed: 'Bestätigt',
  cancelled: 'Storniert',
  expired: 'Abgelaufen',
};
