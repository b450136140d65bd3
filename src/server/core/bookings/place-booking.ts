import { BOOKING_MESSAGES, type BookingView } from '@shared/booking';
import type { CreateBookingInput } from '@shared/booking-schemas';
import type { SessionUser } from '@shared/session';
import { eq } from 'drizzle-orm';
import { bankTransferOffered, bankTransferReady } from '@shared/bank-transfer';
import { databaseUnavailableCause } from '../../db/database-unavailable';
import { events } from '../../db/schema';
import { AppError } from '../app-error';
import { mailContextOf, type UseCaseDeps } from '../use-case-deps';
import { createBooking } from './create-booking';

/**
 * 'Zahlungspflichtig bestellen' / 'Kostenlos buchen': createBooking's transaction, told whether a payment
 * provider takes paid bookings. After the commit a paid booking's seats are announced (coalesced per
 * event, decision 014) and a free booking's confirmation mail is sent. An unexpected failure is logged and
 * answered with the booking's own German message; a database that does not answer in time is left to the HTTP
 * layer's 503.
 */
export async function placeBooking(
  deps: Pick<
    UseCaseDeps,
    'database' | 'settings' | 'config' | 'outbox' | 'gateway' | 'seatNotifier' | 'logger' | 'metrics'
  >,
  options: { user: SessionUser; input: CreateBookingInput },
): Promise<BookingView> {
  const { user, input } = options;
  try {
    const provider = await deps.gateway.current();
    const mail = await mailContextOf(deps);
    // without a provider, a shop that takes transfers still takes orders for the events far enough ahead
    // (docs/product/bank-transfer.md#offered)
    const byTransfer = provider === null && (await transferOfferedFor(deps, input.eventId, new Date()));
    const booking = await createBooking({
      db: deps.database.db,
      userId: user.id,
      user,
      input,
      paymentsAvailable: provider !== null || byTransfer,
      mail,
      announceSeats: (eventId) => deps.seatNotifier.touch(eventId),
    });
    if (booking.status === 'confirmed') deps.outbox.kick(); // a free booking's mail
    deps.metrics?.booking(booking.status === 'confirmed' ? 'created_free' : 'created_paid');
    return booking;
  } catch (error) {
    // a database that is down or too slow right now answers 503 with Retry-After, not the booking's 500
    // (docs/decisions/015-database-faults.md): a rush that waits too long for a connection may try again
    if (error instanceof AppError || databaseUnavailableCause(error)) throw error;
    deps.logger.error({ err: error, eventId: input.eventId }, 'booking failed');
    throw new AppError('internal', BOOKING_MESSAGES.failed);
  }
}

async function transferOfferedFor(
  deps: Pick<UseCaseDeps, 'database' | 'settings'>,
  eventId: string,
  now: Date,
): Promise<boolean> {
  const { bankTransfer } = await deps.settings.get();
  if (!bankTransferReady(bankTransfer)) return false;
  const [event] = await deps.database.db
    .select({ startTime: events.startTime, currency: events.currency })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return event ? bankTransferOffered(bankTransfer, event, now) : false;
}
