// How the user's own waiting-list entries read on the event page, in Meine Tickets and in the checkout
// (docs/product/waiting-list.md#offers); the words of src/shared/waitlist.ts, with the client's formatting.
import { waitlistPositionText, type MyWaitlistEntry } from '@shared/waitlist';
import { ApiError } from '@web/lib/api-client';
import { formatDate, formatTime } from '@web/lib/format';

/** 'Sa., 14.03.2026, 18:30 Uhr' in the event's time zone. */
export const deadlineText = (instant: string, timeZone: string) =>
  `${formatDate(instant, timeZone)}, ${formatTime(instant, timeZone)} Uhr`;

/** 'Dein Platz ist frei – für dich reserviert bis Sa., 14.03.2026, 18:30 Uhr' (docs/product/waiting-list.md#offer-time). */
export const offerReservedText = (entry: Pick<MyWaitlistEntry, 'offerExpiresAt' | 'timezone'>) =>
  entry.offerExpiresAt
    ? `Dein Platz ist frei – für dich reserviert bis ${deadlineText(entry.offerExpiresAt, entry.timezone)}`
    : 'Dein Platz ist frei – für dich reserviert';

/** The checkout's notice: 'Dieser Platz ist bis Sa., 14.03.2026, 18:30 Uhr für dich reserviert.' */
export const checkoutReservedText = (entry: Pick<MyWaitlistEntry, 'offerExpiresAt' | 'timezone'>) =>
  entry.offerExpiresAt
    ? `Dieser Platz ist bis ${deadlineText(entry.offerExpiresAt, entry.timezone)} für dich reserviert.`
    : 'Dieser Platz ist für dich reserviert.';

/** The state of an entry in words: its place while waiting, the deadline of an offer. */
export const entryStateText = (entry: MyWaitlistEntry) =>
  entry.status === 'offered'
    ? offerReservedText(entry)
    : entry.position !== null
      ? waitlistPositionText(entry.position)
      : 'Auf der Warteliste';

/** An offer still open at `now` (the server decides again when the booking is sent). */
export const isOpenOffer = (entry: MyWaitlistEntry, now: Date) =>
  entry.status === 'offered' &&
  (entry.offerExpiresAt === null || new Date(entry.offerExpiresAt).getTime() > now.getTime());

/** The user's active entry for an event, if any (one per event: docs/product/waiting-list.md#waitlist-per-event). */
export const entryForEvent = (entries: readonly MyWaitlistEntry[] | undefined, eventId: string) =>
  entries?.find((entry) => entry.eventId === eventId);

export const WAITLIST_FAILED = 'Das hat leider nicht geklappt. Bitte versuche es gleich noch einmal.';

/** A JSON message of the server as it is (or the lost connection's); otherwise our retry text. */
export const waitlistErrorText = (error: unknown) =>
  error instanceof ApiError && error.code !== 'unknown' ? error.message : WAITLIST_FAILED;
