import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@shared/admin-dashboard';
import type { AdminEvent, AdminEventListItem } from '@shared/admin-events';
import type { OrganizerEvent, ParticipantList } from '@shared/participants';
import { seatFiguresText, type SeatFigures } from '@shared/seat-figures';
import { offerByHand } from '@server/core/waitlist/admin-waitlist';
import { createBooking, createEvent, createUser } from '@server/demo/factories';
import { waitlistEntries } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { signIn, uniqueEmail } from '../helpers/auth';
import { seatInvariantViolations } from '../helpers/db';

// Issue 29 item 21 (docs/product/admin.md#seat-figures, docs/decisions/049-admin-screens-say-what-they-mean.md):
// the dashboard said '13 von 13 Plätzen verkauft' where the events list and the organizer page said 12, because
// it counted an open waiting-list offer as sold. Every screen now reads one model.

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await createTestApp();
  const email = uniqueEmail('admin');
  await createUser(t.database.db, { email, role: 'admin' });
  admin = (await signIn(t, email)).cookie;
});
afterAll(() => t.close());

async function getJson<T>(path: string): Promise<T> {
  const res = await t.app.request(path, { headers: { cookie: admin } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('seat figures of the back office', () => {
  it('dashboard, events list, editor and organizer page name sold, offered, held and free seats alike', async () => {
    const db = t.database.db;
    const event = await createEvent(db, {
      title: 'Stimme & Präsenz',
      totalSeats: 14,
      startTime: new Date(Date.now() + 20 * 24 * 3_600_000),
    });
    const [anna, ben, clara] = await Promise.all(
      ['anna', 'ben', 'clara'].map((name) => createUser(db, { email: uniqueEmail(name) })),
    );
    // 12 sold, 1 held by a checkout in progress, 1 seat left
    await createBooking(db, { event, profileId: anna!.user.id, quantity: 12 });
    await createBooking(db, { event, profileId: ben!.user.id, quantity: 1, status: 'pending' });
    // Clara waits; the admin offers her the last seat (the usual offer: the seat leaves the free seats)
    const [entry] = await db
      .insert(waitlistEntries)
      .values({ eventId: event.id, profileId: clara!.user.id, seats: 1 })
      .returning();
    await offerByHand(t.services, { entryId: entry!.id });
    expect(await seatInvariantViolations(db)).toEqual([]);

    const expected: SeatFigures = {
      totalSeats: 14,
      soldSeats: 12,
      offeredSeats: 1,
      heldSeats: 1,
      freeSeats: 0,
    };
    const dashboard = await getJson<AdminDashboard>('/api/admin/dashboard');
    const upcoming = dashboard.upcomingEvents.find((row) => row.id === event.id)!;
    const listed = (await getJson<AdminEventListItem[]>('/api/admin/events')).find(
      (row) => row.id === event.id,
    )!;
    const edited = await getJson<AdminEvent>(`/api/admin/events/${event.id}`);
    const organizer = (await getJson<OrganizerEvent[]>('/api/organizer/events')).find(
      (row) => row.id === event.id,
    )!;
    const participants = await getJson<ParticipantList>(`/api/participants/${event.id}`);
    const pick = ({ totalSeats, soldSeats, offeredSeats, heldSeats, freeSeats }: SeatFigures) => ({
      totalSeats,
      soldSeats,
      offeredSeats,
      heldSeats,
      freeSeats,
    });
    expect({
      dashboard: pick(upcoming),
      list: listed.seats,
      editor: edited.seats,
      organizer: organizer.seats,
      participants: participants.seats,
    }).toEqual({
      dashboard: expected,
      list: expected,
      editor: expected,
      organizer: expected,
      participants: expected,
    });
    expect(seatFiguresText(upcoming)).toBe(
      '12 verkauft · 1 angeboten (Warteliste) · 1 reserviert · 0 frei von 14 Plätzen',
    );
    // the organizer's participant counts agree with the sold seats
    expect(organizer.counts.soldSeats).toBe(12);
  });
});
