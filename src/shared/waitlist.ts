// The waiting list of a sold-out event and the offers of freed seats
// (docs/product/waiting-list.md, decision 037). Every endpoint's answer and its German texts; the request schema is
// in ./waitlist-schemas (zod stays out of the public pages' bundles).

/** Stored states of an entry; `waiting` and `offered` are the active ones. */
export const WAITLIST_ENTRY_STATUSES = [
  'waiting',
  'offered',
  'booked',
  'declined',
  'expired',
  'left',
  'removed',
] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];
export const ACTIVE_WAITLIST_STATUSES = [
  'waiting',
  'offered',
] as const satisfies readonly WaitlistEntryStatus[];

/** How long an offer holds its seats unless the event says otherwise (docs/product/waiting-list.md#offer-time). */
export const DEFAULT_OFFER_HOURS = 24;
export const MIN_OFFER_HOURS = 1;
export const MAX_OFFER_HOURS = 168;

/**
 * When an offer made at `now` ends (docs/product/waiting-list.md#offer-time): after the event's offer hours,
 * but never later than half the time left until the start, so it always ends before the start and is shorter
 * close to it (an offer made 6 hours before the start lasts 3 hours).
 */
export function offerEnd(now: Date, startTime: Date | string, offerHours: number): Date {
  const start = new Date(startTime).getTime();
  const full = now.getTime() + offerHours * 3_600_000;
  const half = now.getTime() + Math.max(0, start - now.getTime()) / 2;
  return new Date(Math.min(full, half));
}

/** One of the signed-in user's active entries (GET /api/waitlist, Meine Tickets and the event page). */
export interface MyWaitlistEntry {
  id: string;
  eventId: string;
  eventSlug: string;
  eventTitle: string;
  startTime: string;
  endTime: string;
  timezone: string;
  status: 'waiting' | 'offered';
  /** 1-based place among the waiting entries of the event; null while an offer is open. */
  position: number | null;
  /** Tickets the entry is for: always 1 (one person, or one pair). */
  quantity: number;
  seats: number;
  joinedAt: string;
  offerExpiresAt: string | null;
}

/** GET /api/waitlist. */
export interface MyWaitlist {
  entries: MyWaitlistEntry[];
}

/** DELETE /api/waitlist/:id ('Warteliste verlassen', 'Platz freigeben') and the admin's actions. */
export interface WaitlistActionResult {
  message: string;
}

/** One row of the admin's list of an event (GET /api/admin/events/:id/waitlist), in list order. */
export interface AdminWaitlistEntry {
  id: string;
  /** 1-based place among the waiting entries; null for offers and ended entries. */
  position: number | null;
  name: string;
  email: string;
  quantity: number;
  seats: number;
  status: WaitlistEntryStatus;
  joinedAt: string;
  offeredAt: string | null;
  offerExpiresAt: string | null;
  /** The booking an offer turned into. */
  orderNumber: string | null;
}

export interface AdminWaitlist {
  event: {
    id: string;
    slug: string;
    title: string;
    startTime: string;
    timezone: string;
    totalSeats: number;
    availableSeats: number;
    waitlistEnabled: boolean;
    offerHours: number;
  };
  /** Active entries first (offers, then waiting in order), then ended ones, newest first. */
  entries: AdminWaitlistEntry[];
}

export const WAITLIST_LABELS = {
  join: 'Auf die Warteliste',
  leave: 'Warteliste verlassen',
  decline: 'Platz freigeben',
  book: 'Platz jetzt buchen',
  section: 'Warteliste',
  adminTitle: 'Warteliste',
  offerByHand: 'Platz anbieten',
  remove: 'Entfernen',
} as const;

/** How each state reads in the admin list. */
export const WAITLIST_STATUS_LABELS: Record<WaitlistEntryStatus, string> = {
  waiting: 'Wartet',
  offered: 'Platz angeboten',
  booked: 'Gebucht',
  declined: 'Freigegeben',
  expired: 'Angebot abgelaufen',
  left: 'Verlassen',
  removed: 'Entfernt',
};

export const WAITLIST_MESSAGES = {
  joined: 'Du stehst jetzt auf der Warteliste. Wir schreiben dir, sobald ein Platz frei wird.',
  left: 'Du hast die Warteliste verlassen.',
  declined: 'Du hast den Platz freigegeben. Er geht an die nächste Person auf der Warteliste.',
  signIn: 'Bitte melde dich an, um dich auf die Warteliste zu setzen.',
  confirmEmail: 'Bitte bestätige zuerst deine E-Mail-Adresse.',
  closed: 'Für dieses Event gibt es keine Warteliste.',
  started: 'Das Event hat bereits begonnen.',
  seatsFree: 'Es sind noch Plätze frei – du kannst direkt buchen.',
  already: 'Du stehst bereits auf der Warteliste für dieses Event.',
  notFound: 'Dieser Eintrag auf der Warteliste wurde nicht gefunden.',
  offerGone:
    'Dein reservierter Platz ist nicht mehr verfügbar: Das Angebot ist abgelaufen oder wurde freigegeben.',
  offerOneTicket: 'Ein Platz von der Warteliste wird als genau ein Ticket gebucht.',
  removed: 'Der Eintrag wurde von der Warteliste entfernt.',
  offered: 'Der Platz wurde angeboten. Die Person bekommt eine E-Mail.',
  noSeatsForOffer: 'Gerade ist kein Platz frei, der angeboten werden kann.',
  notWaiting: 'Nur wartenden Einträgen kann ein Platz angeboten werden.',
  notActive: 'Dieser Eintrag ist nicht mehr aktiv.',
  offerHours: `Die Angebotsdauer muss zwischen ${MIN_OFFER_HOURS} und ${MAX_OFFER_HOURS} Stunden liegen.`,
} as const;

/** 'Nr. 3 auf der Warteliste'. */
export const waitlistPositionText = (position: number) => `Nr. ${position} auf der Warteliste`;

/** Subject of the offer mail: 'Dein Platz ist frei: Klarheit finden'. */
export const offerMailSubject = (eventTitle: string) => `Dein Platz ist frei: ${eventTitle}`;

/** The checkout link of an offer: exactly the offered seats (docs/product/waiting-list.md#offer-checkout). */
export const offerCheckoutPath = (eventId: string, entryId: string) =>
  `/checkout/${eventId}?angebot=${encodeURIComponent(entryId)}`;
