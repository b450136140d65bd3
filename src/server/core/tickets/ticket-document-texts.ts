import { eventDateRange, eventTimeRange, formatTime } from '@shared/date-range';
import { perTicketText } from '@shared/event-rules';
import { eventVenueLine } from '@shared/venue-line';
import { ONLINE_LINK_TEXTS } from '@shared/online-link';
import { ORDER_NUMBER_LABEL } from '@shared/order-number';
import { ENTRY_MINUTES_BEFORE_START, TICKET_MESSAGES, ticketBarcodeContent } from '@shared/tickets';
import type { TicketDocumentData } from './ticket-document-data';

/** Everything a ticket prints, as German text; the PDF and the PNG lay out the same lines. */
export interface TicketTexts {
  title: string;
  /** The ticket's category under the title, or null (docs/product/ticket-categories.md#one-category). */
  category: string | null;
  date: string;
  time: string;
  /** 'Einlass ab …'; on online tickets the access link instead (docs/decisions/019-online-links.md). */
  entry: string;
  /** The link behind `entry` on an online ticket that carries it, else null. */
  onlineUrl: string | null;
  place: string;
  holderLabel: string;
  holder: string;
  perTicket: string;
  code: string;
  ticketNumber: string;
  /** 'Bestellnummer WR-7K3Q9F': what the buyer quotes to the shop (docs/decisions/020-order-numbers.md). */
  orderNumber: string;
  barcode: string;
  /** 'TESTTICKET – nicht gültig' for test tickets, else null. */
  test: string | null;
  /** The overlay of a cancelled or revoked ticket, else null. */
  cancelled: { stamp: string; note: string } | null;
}

export const TEST_MARKER = 'TESTTICKET – nicht gültig';
export const CANCELLED_STAMP = 'STORNIERT';

export function ticketTexts(data: TicketDocumentData): TicketTexts {
  // The event's own zone, never the server's; dates and times by the one shared formatter of pages and
  // mails (docs/decisions/024-seats-in-tickets-and-date-ranges.md).
  const span = { startTime: data.startTime, endTime: data.endTime, timezone: data.timezone };
  const entry = new Date(data.startTime.getTime() - ENTRY_MINUTES_BEFORE_START * 60_000);
  // only an active ticket carries the link, whatever the caller passed (docs/decisions/019-online-links.md)
  const onlineUrl = data.mode === 'online' && data.status === 'active' ? data.onlineUrl : null;
  return {
    title: data.eventTitle,
    category: data.categoryName?.trim() || null,
    date: eventDateRange(span),
    time: eventTimeRange(span),
    entry:
      data.mode === 'online'
        ? onlineEntry(onlineUrl, data.status)
        : `Einlass ab ${formatTime(entry, data.timezone)} Uhr`,
    onlineUrl,
    // venue, room and town: where to go on the day (docs/product/events.md#venue-for-buyers)
    place: eventVenueLine(data),
    holderLabel: 'Ticket für',
    holder: data.holderName.trim() || '–',
    perTicket: perTicketText(data.priceUnit),
    code: `Code ${data.code}`,
    ticketNumber: `Ticket-Nr. ${data.ticketNumber}`,
    orderNumber: `${ORDER_NUMBER_LABEL} ${data.orderNumber}`,
    barcode: ticketBarcodeContent(data.ticketId, data.ticketNumber),
    test: data.isTest ? TEST_MARKER : null,
    cancelled: data.status === 'active' ? null : { stamp: CANCELLED_STAMP, note: TICKET_MESSAGES.cancelled },
  };
}

/** Online tickets have no entry time: the link, else where it will come (active) or just 'Online-Teilnahme'. */
function onlineEntry(onlineUrl: string | null, status: TicketDocumentData['status']): string {
  if (onlineUrl) return `${ONLINE_LINK_TEXTS.label}: ${onlineUrl}`;
  return status === 'active' ? ONLINE_LINK_TEXTS.documentPending : ONLINE_LINK_TEXTS.documentCancelled;
}
