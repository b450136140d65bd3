// What a ticket document shows, gathered by ticket-files.ts and read by the texts and both layouts. In a
// file of its own, so that ticket-document.ts, its texts and its layouts import one another in one direction
// only (docs/architecture.md, Layers and folders).
import type { EventMode, PriceUnit } from '@shared/events';
import type { TicketStatus } from '@shared/tickets';

export interface TicketDocumentData {
  ticketId: string;
  ticketNumber: string;
  /** The booking's order number, 'WR-7K3Q9F' (docs/decisions/020-order-numbers.md). */
  orderNumber: string;
  /** last 4 chars */
  code: string;
  holderName: string;
  eventTitle: string;
  /**
   * The ticket's category ('Einzelzimmer'), printed under the title; null when the event has only its one
   * category 'Ticket' (docs/product/ticket-categories.md#one-category). Absent on samples.
   */
  categoryName?: string | null;
  startTime: Date;
  endTime: Date | null;
  /** IANA, e.g. Europe/Berlin */
  timezone: string;
  location: string;
  /** The venue's name and the room, printed with the town (docs/product/events.md#venue-for-buyers). */
  venue?: string | null;
  room?: string | null;
  /** 'online' events print 'Online' instead of a place */
  mode: EventMode;
  /**
   * The access link, printed instead of the entry time; only for an active ticket (deliveredOnlineUrl,
   * docs/decisions/019-online-links.md), else null.
   */
  onlineUrl: string | null;
  priceUnit: PriceUnit;
  isTest: boolean;
  status: TicketStatus;
  brand: {
    siteName: string;
    /** PNG or JPEG bytes, already rasterised by the caller; null → print siteName as a word mark */
    logo: Buffer | null;
  };
}
