import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingView } from '@shared/booking';
import type { MyTicket } from '@shared/tickets';
import { createEvent } from '@server/demo/factories';
import { mailOutbox } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { post } from '../helpers/auth';
import { pdfText } from '../helpers/pdf-text';
import { signedInUser } from '../helpers/tickets';

// Issue 12 item 12, docs/decisions/024-seats-in-tickets-and-date-ranges.md: a multi-day event's
// confirmation mail and ticket PDF show the whole range (the mail used to drop the last day).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (cookie: string): Record<string, string> => ({ cookie });

describe('a weekend event (Fri 15:00 to Sun 13:00 in Berlin)', () => {
  it('names Friday and Sunday in the confirmation mail and on the PDF', async () => {
    const buyer = await signedInUser(t);
    const event = await createEvent(t.database.db, {
      priceCents: 3000,
      startTime: new Date('2030-01-11T14:00:00Z'),
      endTime: new Date('2030-01-13T12:00:00Z'),
      timezone: 'Europe/Berlin',
    });
    const res = await post(
      t,
      '/api/bookings',
      { eventId: event.id, quantity: 1, holderName: 'Anna' },
      as(buyer.cookie),
    );
    expect(res.status).toBe(201);
    const booking = (await res.json()) as BookingView;
    expect((await post(t, `/api/bookings/${booking.id}/payment`, {}, as(buyer.cookie))).status).toBe(200);
    const paid = await post(t, `/api/bookings/${booking.id}/payment/test/complete`, {}, as(buyer.cookie));
    expect(paid.status).toBe(200);

    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, buyer.email), like(mailOutbox.subject, '%Deine Tickets:%')));
    expect(mail, 'confirmation mail written').toBeDefined();
    const when = 'Fr., 11.01.2030, 15:00 Uhr – So., 13.01.2030, 13:00 Uhr';
    expect(mail!.text).toContain(`Wann: ${when}`);
    expect(mail!.html).toContain(when);

    const mine = (await (
      await t.app.request('/api/tickets', { headers: as(buyer.cookie) })
    ).json()) as MyTicket[];
    const pdf = await t.app.request(`/api/tickets/${mine[0]!.id}/pdf`, { headers: as(buyer.cookie) });
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('Fr., 11.01.2030 – So., 13.01.2030');
    expect(text).toContain('Fr. 15:00 – So. 13:00 Uhr');
  });
});
