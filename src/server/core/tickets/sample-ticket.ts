import type { Event } from '../../db/types';
import type { TicketDocumentData } from './ticket-document-data';

/** The id of every made-up row (ticket, booking, offer) that the admin's samples show. */
export const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A made-up active ticket of an event, for what the admin looks at before anyone books: the ticket preview
 * of a new event (docs/product/admin.md#ticket-preview) and the test mails. Never with the access link: a
 * preview is a file under a public URL (docs/decisions/019-online-links.md).
 */
export function sampleTicket(sample: {
  /** A stored event, or a made-up one without venue or room. */
  event: Pick<Event, 'title' | 'startTime' | 'endTime' | 'timezone' | 'location' | 'mode' | 'priceUnit'> &
    Partial<Pick<Event, 'venue' | 'room'>>;
  ticketNumber: string;
  code: string;
  holderName: string;
  isTest: boolean;
  siteName: string;
}): TicketDocumentData {
  const { event } = sample;
  return {
    ticketId: SAMPLE_ID,
    ticketNumber: sample.ticketNumber,
    orderNumber: 'WR-MUSTER',
    code: sample.code,
    holderName: sample.holderName,
    eventTitle: event.title,
    startTime: event.startTime,
    endTime: event.endTime,
    timezone: event.timezone,
    location: event.location,
    venue: event.venue,
    room: event.room,
    mode: event.mode,
    onlineUrl: null,
    priceUnit: event.priceUnit,
    isTest: sample.isTest,
    status: 'active',
    brand: { siteName: sample.siteName, logo: null },
  };
}
