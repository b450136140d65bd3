// How the user's own waiting-list entries read on the event page, in Meine Tickets and in the checkout
// (docs/product/waiting-list.md#offers); the words of src/shared/waitlist.ts, with the client's formatting.
// What only one feature says or decides lives in that feature (the checkout's notice, the event's entry).
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

/** The state of an entry in words: its place while waiting, the deadline of an offer. */
export const entryStateText = (entry: MyWaitlistEntry) =>
  entry.status === 'offered'
    ? offerReservedText(entry)
    : entry.position !== null
      ? waitlistPositionText(entry.position)
      : 'Auf der Warteliste';

export const WAITLIST_FAILED = 'Das hat leider nicht geklappt. Bitte versuche es gleich noch einmal.';

/** A JSON message of the server as it is (or the lost connection's); otherwise our retry text. */
export const waitlistErrorText = (error: unknown) =>
  error instanceof ApiError && error.code !== 'unknown' ? error.message : WAITLIST_FAILED;
