import { events } from '../../db/schema';

// The sets of an event's columns that bookings, tickets, mails and documents select with their own rows; one
// place, so a mail, a ticket file and a booking view show the same event.

/** When and where the event takes place: what every ticket document and mail about it shows. */
export const eventTimeAndPlaceColumns = {
  title: events.title,
  startTime: events.startTime,
  endTime: events.endTime,
  timezone: events.timezone,
  location: events.location,
  venue: events.venue,
  room: events.room,
  mode: events.mode,
};

/** The event's columns every mail to its holders shows (mail/templates/booking-mail-parts.ts MailEvent). */
export const mailEventColumns = { ...eventTimeAndPlaceColumns, slug: events.slug };

/** The event columns a booking view shows; select them with the booking, or RETURNING them. */
export const bookingEventColumns = {
  ...mailEventColumns,
  id: events.id,
  locationDetails: events.locationDetails,
  priceUnit: events.priceUnit,
  imageUrl: events.imageUrl,
  shortDescription: events.shortDescription,
  // not part of the summary: only for deliveredOnlineUrl (docs/decisions/019-online-links.md)
  onlineUrl: events.onlineUrl,
};

/** The event's columns a booking is priced and shown with. */
export const pricedEventColumns = {
  ...bookingEventColumns,
  priceCents: events.priceCents,
  earlyBirdPriceCents: events.earlyBirdPriceCents,
  earlyBirdEndsAt: events.earlyBirdEndsAt,
  currency: events.currency,
};
export type PricedEvent = Pick<typeof events.$inferSelect, keyof typeof pricedEventColumns>;
export type BookingEventRow = Pick<typeof events.$inferSelect, keyof typeof bookingEventColumns>;
