// Test data for the tests of this feature (not part of the app bundle: only tests import it).
import type { MyTicket } from '@shared/tickets';
import type { SessionUser } from '@web/lib/session';

const HOUR = 3_600_000;
let sequence = 0;

/** A ticket whose event starts `startsInHours` from now (negative: in the past). */
export function makeTicket(overrides: Partial<MyTicket> & { startsInHours?: number } = {}): MyTicket {
  const { startsInHours = 24 * 20, ...rest } = overrides;
  sequence += 1;
  // days away: at 09:00 UTC that day, so its two hours never cross midnight in Berlin (a test run late in the
  // evening would otherwise see a multi-day range)
  const start =
    Math.abs(startsInHours) >= 48
      ? new Date(Date.now() + startsInHours * HOUR).setUTCHours(9, 0, 0, 0)
      : Date.now() + startsInHours * HOUR;
  const id = rest.id ?? `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    bookingId: `booking-${sequence}`,
    orderNumber: 'WR-7K3Q9F',
    ticketNumber: `T-2026-00${1000 + sequence}`,
    code: String(1000 + sequence),
    status: 'active',
    isTest: false,
    isCheckedIn: false,
    cancellationRequested: false,
    holderName: 'Erika Musterfrau',
    priceCents: 2500,
    currency: 'EUR',
    createdAt: new Date(Date.now() - (1000 - sequence) * 60_000).toISOString(),
    event: {
      id: `event-${sequence}`,
      slug: `event-${sequence}`,
      title: `Event ${sequence}`,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 2 * HOUR).toISOString(),
      timezone: 'Europe/Berlin',
      location: 'Kulturhaus, Hauptstraße 1, Berlin',
      mode: 'presence',
      priceUnit: 'per_person',
      imageUrl: null,
    },
    onlineUrl: null,
    cancellation: startsInHours > 0 ? { share: 1, refundCents: 2500 } : null,
    ...rest,
  };
}

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    email: 'erika@example.org',
    fullName: 'Erika Musterfrau',
    displayName: null,
    phone: '0301234567',
    role: 'attendee',
    avatarUrl: null,
    emailConfirmed: true,
    hasDsgvoConsent: true,
    onboardingCompletedAt: null,
    ...overrides,
  };
}
