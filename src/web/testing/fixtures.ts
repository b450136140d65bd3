// Data of the client's tests, written once: a session user and a public event with every field set.
import type { PublicEvent } from '@shared/events';
import type { SessionUser } from '@shared/session';
import type { MyWaitlistEntry } from '@shared/waitlist';

/**
 * Signed in a moment ago: the profile has only the e-mail's local part as its name (as the server stores
 * it), no phone and no consent yet. Overrides make a complete profile, an admin, …
 */
export const sessionUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 'u1',
  email: 'anna.berg@example.org',
  fullName: 'anna.berg',
  displayName: null,
  phone: null,
  role: 'attendee',
  avatarUrl: null,
  emailConfirmed: true,
  hasDsgvoConsent: false,
  onboardingCompletedAt: null,
  ...overrides,
});

/** A published presence event in Berlin 20 days from now, 2 hours long, 25 € per person, 20 seats free. */
export const publicEvent = (overrides: Partial<PublicEvent> = {}): PublicEvent => {
  const start = Date.now() + 20 * 86_400_000;
  return {
    id: 'e1',
    slug: 'atem',
    title: 'Atem und Stille',
    shortDescription: null,
    description: 'Ein Abend',
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 7_200_000).toISOString(),
    timezone: 'Europe/Berlin',
    location: 'Kulturhaus, Berlin',
    locationDetails: null,
    room: null,
    venue: null,
    mode: 'presence',
    priceCents: 2500,
    earlyBirdPriceCents: null,
    earlyBirdEndsAt: null,
    currency: 'EUR',
    priceUnit: 'per_person',
    totalSeats: 20,
    availableSeats: 20,
    isFeatured: false,
    status: 'published',
    website: null,
    imageUrl: null,
    media: [],
    links: [],
    tags: [],
    organizers: [],
    waitlistEnabled: false,
    minParticipants: null,
    ...overrides,
  } as PublicEvent;
};

/**
 * One of the user's waiting-list entries for `publicEvent()`'s event: third in line. Overrides make an offer
 * (`status: 'offered', position: null, offerExpiresAt`).
 */
export const myWaitlistEntry = (overrides: Partial<MyWaitlistEntry> = {}): MyWaitlistEntry => {
  const event = publicEvent();
  return {
    id: 'w1',
    eventId: event.id,
    eventSlug: event.slug,
    eventTitle: event.title,
    startTime: event.startTime,
    endTime: event.endTime,
    timezone: event.timezone,
    status: 'waiting',
    position: 3,
    quantity: 1,
    seats: 1,
    joinedAt: new Date(Date.now() - 86_400_000).toISOString(),
    offerExpiresAt: null,
    ...overrides,
  };
};
