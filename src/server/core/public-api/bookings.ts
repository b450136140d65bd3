import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { API_V1_MESSAGES, type ApiBooking, type bookingListQuerySchema, type Page } from '@shared/api-v1';
import { AppError } from '../app-error';
import type { UseCaseDeps } from '../use-case-deps';
import type { DbOrTx } from '../../db/types';
import { bookingItems, bookings, profiles } from '../../db/schema';
import { decodeCursor, microsKey, pageOf } from './cursor';

type Deps = Pick<UseCaseDeps, 'database'>;

const bookingSelection = {
  booking: bookings,
  sortTime: microsKey(bookings.createdAt),
  buyerName: sql<
    string | null
  >`coalesce(nullif(trim(${profiles.fullName}), ''), nullif(trim(concat_ws(' ', ${profiles.firstName}, ${profiles.lastName})), ''), nullif(trim(${profiles.displayName}), ''))`,
  buyerEmail: profiles.email,
};
type BookingRow = {
  booking: typeof bookings.$inferSelect;
  buyerName: string | null;
  buyerEmail: string | null;
};

/** The lines of bookings in one query, keyed by booking id. */
async function linesOf(db: DbOrTx, ids: string[]) {
  const byBooking = new Map<string, ApiBooking['lines']>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byBooking;
  const rows = await db
    .select()
    .from(bookingItems)
    .where(inArray(bookingItems.bookingId, ids))
    .orderBy(asc(bookingItems.position));
  for (const row of rows) {
    byBooking.get(row.bookingId)!.push({
      category_id: row.categoryId,
      name: row.name,
      quantity: row.quantity,
      seats_per_ticket: row.seatsPerTicket,
      unit_price_cents: row.unitPriceCents,
    });
  }
  return byBooking;
}

const toApiBooking = (row: BookingRow, lines: ApiBooking['lines']): ApiBooking => ({
  id: row.booking.id,
  order_number: row.booking.orderNumber,
  event_id: row.booking.eventId,
  status: row.booking.status,
  payment_status: row.booking.paymentStatus,
  quantity: row.booking.quantity,
  seats: row.booking.seats,
  total_amount_cents: row.booking.totalAmountCents,
  discount_cents: row.booking.discountCents,
  discount_code: row.booking.discountCode,
  currency: row.booking.currency,
  is_test: row.booking.isTest,
  // an account deleted since keeps its bookings for the books without the person (docs/product/api.md#personal-data)
  buyer: row.booking.profileId ? { name: row.buyerName, email: row.buyerEmail } : null,
  holder_name: row.booking.holderName,
  lines,
  created_at: row.booking.createdAt.toISOString(),
  confirmed_at: row.booking.confirmedAt?.toISOString() ?? null,
});

/** Bookings of every state, test bookings too unless filtered, oldest first (docs/product/api.md#pagination). */
export async function listApiBookings(
  deps: Deps,
  query: z.output<typeof bookingListQuerySchema>,
): Promise<Page<ApiBooking>> {
  const db = deps.database.db;
  const after = decodeCursor(query.cursor, ['time', 'uuid']);
  const filters: (SQL | undefined)[] = [
    query.is_test ? eq(bookings.isTest, query.is_test === 'true') : undefined,
    query.event_id ? eq(bookings.eventId, query.event_id) : undefined,
    query.status ? eq(bookings.status, query.status) : undefined,
    after
      ? or(
          gt(bookings.createdAt, sql`${after[0]}::timestamptz`),
          and(eq(bookings.createdAt, sql`${after[0]}::timestamptz`), gt(bookings.id, after[1]!)),
        )
      : undefined,
  ];
  const rows = await db
    .select(bookingSelection)
    .from(bookings)
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .where(and(...filters))
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .limit(query.limit + 1);
  const lines = await linesOf(
    db,
    rows.slice(0, query.limit).map((row) => row.booking.id),
  );
  return pageOf(
    rows,
    query.limit,
    (row) => [row.sortTime, row.booking.id],
    (row) => toApiBooking(row, lines.get(row.booking.id) ?? []),
  );
}

export async function getApiBooking(deps: Deps, id: string): Promise<ApiBooking> {
  const db = deps.database.db;
  const [row] = await db
    .select(bookingSelection)
    .from(bookings)
    .leftJoin(profiles, eq(profiles.id, bookings.profileId))
    .where(eq(bookings.id, id));
  if (!row) throw new AppError('not_found', API_V1_MESSAGES.bookingNotFound);
  return toApiBooking(row, (await linesOf(db, [id])).get(id) ?? []);
}
