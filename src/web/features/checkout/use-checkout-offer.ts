import { useSearchParams } from 'react-router';
import type { MyWaitlistEntry } from '@shared/waitlist';
import { useMyWaitlist } from '@web/lib/waitlist/get-my-waitlist';
import { deadlineText } from '@web/lib/waitlist/waitlist-texts';

/** An offer still open at `now` (the server decides again when the booking is sent). */
export const isOpenOffer = (entry: MyWaitlistEntry, now: Date) =>
  entry.status === 'offered' &&
  (entry.offerExpiresAt === null || new Date(entry.offerExpiresAt).getTime() > now.getTime());

/** The checkout's notice: 'Dieser Platz ist bis Sa., 14.03.2026, 18:30 Uhr für dich reserviert.' */
export const checkoutReservedText = (entry: Pick<MyWaitlistEntry, 'offerExpiresAt' | 'timezone'>) =>
  entry.offerExpiresAt
    ? `Dieser Platz ist bis ${deadlineText(entry.offerExpiresAt, entry.timezone)} für dich reserviert.`
    : 'Dieser Platz ist für dich reserviert.';

/** The query parameter of an offer's checkout link (offerCheckoutPath in src/shared/waitlist.ts). */
export const OFFER_PARAM = 'angebot';

/**
 * The waiting-list offer a checkout link names (docs/product/waiting-list.md#offer-checkout):
 * - `none`: a plain checkout;
 * - `loading`: the user's entries are not read yet; `sign-in`: a guest, who signs in on the page first —
 *   both keep the reserved seats bookable meanwhile instead of showing 'Ausgebucht';
 * - `open`: the user's open offer for this event: exactly its tickets are booked;
 * - `gone`: no such open offer (expired, given back, another user's link): the page says so and works as
 *   usual.
 */
export type CheckoutOffer =
  | { status: 'none' | 'gone'; entry?: undefined }
  | { status: 'loading' | 'sign-in'; entry?: undefined }
  | { status: 'open'; entry: MyWaitlistEntry };

/** Offer states in which the page books the reserved seats, even when no seat is free for others. */
export const isReserved = (offer: CheckoutOffer) =>
  offer.status === 'open' || offer.status === 'loading' || offer.status === 'sign-in';

export function useCheckoutOffer(eventId: string, now: Date): CheckoutOffer {
  const [params] = useSearchParams();
  const entryId = params.get(OFFER_PARAM);
  const waitlist = useMyWaitlist({ enabled: entryId !== null });
  if (!entryId) return { status: 'none' };
  if (waitlist.status === 'signed-out') return { status: 'sign-in' };
  if (waitlist.status === 'loading') return { status: 'loading' };
  const entry = waitlist.entries.find(
    (candidate) => candidate.id === entryId && candidate.eventId === eventId && isOpenOffer(candidate, now),
  );
  return entry ? { status: 'open', entry } : { status: 'gone' };
}
