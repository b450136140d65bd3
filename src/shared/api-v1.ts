import { z } from 'zod';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES } from './booking';
import { EVENT_MODES, EVENT_STATUSES, PRICE_UNITS } from './events';

// The contract of the REST API /api/v1 (docs/product/api.md): the routes validate their input with these
// schemas, answer in these shapes, and /api/v1/openapi.json is generated from them. Field names are
// snake_case; times are ISO 8601 in UTC; money is integer cents.

export const API_V1_MESSAGES = {
  missingKey: 'Bitte sende einen API-Schlüssel im Header „Authorization: Bearer tsk_…“.',
  unknownKey: 'Dieser API-Schlüssel ist unbekannt.',
  revokedKey: 'Dieser API-Schlüssel wurde widerrufen.',
  ownerNotAdmin: 'Dieser API-Schlüssel gehört zu keinem Admin mehr und gilt daher nicht.',
  scope: (scope: string) => `Dafür braucht der API-Schlüssel die Berechtigung „${scope}“.`,
  rateLimited: (seconds: number) =>
    `Zu viele Anfragen mit diesem API-Schlüssel. Bitte warte ${seconds} Sekunden.`,
  cursor: 'Der Cursor ist ungültig. Nimm den Wert von „next_cursor“ aus der vorigen Antwort.',
  limit: '„limit“ muss eine ganze Zahl von 1 bis 100 sein.',
  id: 'Die ID muss eine UUID sein.',
  eventNotFound: 'Diese Veranstaltung gibt es nicht.',
  bookingNotFound: 'Diese Buchung gibt es nicht.',
  ticketNotFound: 'Dieses Ticket gibt es nicht.',
  status: 'Diesen Status gibt es nicht.',
  time: 'Bitte gib eine Zeit im Format ISO 8601 mit Zeitzone an, z. B. 2026-05-01T00:00:00Z.',
  reason: 'Der Grund darf höchstens 500 Zeichen lang sein.',
} as const;

/** Items per page: `limit` defaults to 25 and may go up to 100 (docs/product/api.md#pagination). */
export const API_PAGE_DEFAULT = 25;
export const API_PAGE_MAX = 100;

const iso = z.iso.datetime({ offset: true });
const nullableIso = iso.nullable();

// ---- parameters ----

export const idParamSchema = z.object({ id: z.uuid({ error: API_V1_MESSAGES.id }) });

const pageQuery = {
  limit: z.coerce
    .number({ error: API_V1_MESSAGES.limit })
    .int(API_V1_MESSAGES.limit)
    .min(1, API_V1_MESSAGES.limit)
    .max(API_PAGE_MAX, API_V1_MESSAGES.limit)
    .default(API_PAGE_DEFAULT)
    .meta({ description: `Einträge je Seite (1–${API_PAGE_MAX}, Vorgabe ${API_PAGE_DEFAULT}).` }),
  cursor: z
    .string()
    .max(200, API_V1_MESSAGES.cursor)
    .optional()
    .meta({ description: '„next_cursor“ der vorigen Seite; ohne ihn beginnt die Liste vorn.' }),
};

export const eventListQuerySchema = z.object({
  ...pageQuery,
  status: z
    .enum(EVENT_STATUSES, { error: API_V1_MESSAGES.status })
    .optional()
    .meta({ description: 'Nur Veranstaltungen in diesem Status.' }),
  starts_after: iso
    .optional()
    .meta({ description: 'Nur Veranstaltungen, die danach beginnen (ISO 8601 mit Zeitzone).' }),
});
const testFilter = z
  .enum(['true', 'false'], { error: '„is_test“ ist true oder false.' })
  .optional()
  .meta({ description: 'Nur Test- (true) oder nur echte Buchungen (false); ohne: alle.' });

export const bookingListQuerySchema = z.object({
  ...pageQuery,
  is_test: testFilter,
  event_id: z.uuid({ error: API_V1_MESSAGES.id }).optional(),
  status: z.enum(BOOKING_STATUSES, { error: API_V1_MESSAGES.status }).optional(),
});
export const ticketListQuerySchema = z.object({
  ...pageQuery,
  is_test: testFilter,
  event_id: z.uuid({ error: API_V1_MESSAGES.id }).optional(),
  booking_id: z.uuid({ error: API_V1_MESSAGES.id }).optional(),
  status: z.enum(['active', 'cancelled'], { error: API_V1_MESSAGES.status }).optional(),
});
export const pageQuerySchema = z.object(pageQuery);

// ---- bodies ----

export const cancelTicketBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .max(500, API_V1_MESSAGES.reason)
    .optional()
    .meta({ description: 'Steht in der Storno-E-Mail an die Person.' }),
});

/** Either `ticket_id` (a ticket of this event) or `scan` (the barcode's content or the 4-digit code). */
export const checkInBodySchema = z
  .object({
    ticket_id: z.uuid({ error: API_V1_MESSAGES.id }).optional(),
    scan: z.string().max(64, 'Der gescannte Code ist zu lang.').optional(),
  })
  .refine((body) => body.ticket_id !== undefined || (body.scan ?? '').trim() !== '', {
    message: 'Bitte sende „ticket_id“ oder „scan“.',
    path: ['scan'],
  });

// ---- resources ----

export const apiEventSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    short_description: z.string().nullable(),
    description: z.string(),
    status: z.enum(EVENT_STATUSES),
    start_time: iso,
    end_time: iso,
    time_zone: z.string().meta({ description: 'IANA-Zeitzone, z. B. Europe/Berlin.' }),
    mode: z.enum(EVENT_MODES),
    location: z.string(),
    venue: z.string().nullable(),
    price_cents: z.int().meta({ description: 'Niedrigster Preis ohne Code, in Cent.' }),
    currency: z.string(),
    price_unit: z.enum(PRICE_UNITS),
    total_seats: z.int(),
    available_seats: z.int(),
    series_id: z.uuid().nullable(),
    url: z.string().meta({ description: 'Die öffentliche Seite der Veranstaltung.' }),
    created_at: iso,
    updated_at: iso,
  })
  .meta({ id: 'Event' });

export const apiCategorySchema = z
  .object({
    id: z.uuid(),
    event_id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    price_cents: z.int(),
    early_bird_price_cents: z.int().nullable(),
    early_bird_ends_at: nullableIso,
    price_unit: z.enum(PRICE_UNITS),
    capacity: z
      .int()
      .nullable()
      .meta({ description: 'Eigene Plätze der Ticketart; null: nur die der Veranstaltung.' }),
    available_seats: z.int(),
    sale_starts_at: nullableIso,
    sale_ends_at: nullableIso,
    min_per_order: z.int(),
    max_per_order: z.int().nullable(),
    requires_code: z.boolean(),
    position: z.int(),
  })
  .meta({ id: 'Category' });

export const apiBookingSchema = z
  .object({
    id: z.uuid(),
    order_number: z.string(),
    event_id: z.uuid(),
    status: z.enum(BOOKING_STATUSES),
    payment_status: z.enum(BOOKING_PAYMENT_STATUSES),
    quantity: z.int(),
    seats: z.int(),
    total_amount_cents: z.int(),
    discount_cents: z.int(),
    discount_code: z.string().nullable(),
    currency: z.string(),
    is_test: z.boolean().meta({ description: 'Im Testmodus gebucht (Testzahlung).' }),
    buyer: z.object({ name: z.string().nullable(), email: z.string().nullable() }).nullable(),
    holder_name: z.string().nullable(),
    lines: z.array(
      z.object({
        category_id: z.uuid(),
        name: z.string(),
        quantity: z.int(),
        seats_per_ticket: z.int(),
        unit_price_cents: z.int(),
      }),
    ),
    created_at: iso,
    confirmed_at: nullableIso,
  })
  .meta({ id: 'Booking' });

export const apiTicketSchema = z
  .object({
    id: z.uuid(),
    booking_id: z.uuid(),
    event_id: z.uuid(),
    ticket_number: z.string(),
    code: z.string().meta({ description: 'Der 4-stellige Code unter dem Barcode.' }),
    status: z.enum(['active', 'cancelled']),
    category_id: z.uuid().nullable(),
    category_name: z.string().nullable(),
    seats: z.int(),
    price_cents: z.int(),
    holder_name: z.string().nullable(),
    is_test: z.boolean(),
    checked_in_at: nullableIso,
    cancelled_at: nullableIso,
    created_at: iso,
  })
  .meta({ id: 'Ticket' });

export const apiParticipantSchema = z
  .object({
    ticket_id: z.uuid(),
    ticket_number: z.string(),
    code: z.string(),
    holder_name: z.string(),
    buyer_name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    order_number: z.string(),
    category_name: z.string().nullable(),
    seats: z.int(),
    state: z.enum(['active', 'cancelled', 'checked_in']),
    checked_in_at: nullableIso,
    booked_at: iso,
  })
  .meta({ id: 'Participant' });

export const checkInResultSchema = z
  .object({
    result: z.enum(['checked_in', 'already', 'cancelled', 'other_event', 'unknown']).meta({
      description:
        'checked_in: eingecheckt; already: war schon eingecheckt; other_event: Ticket einer anderen Veranstaltung.',
    }),
    participant: apiParticipantSchema.nullable(),
  })
  .meta({ id: 'CheckInResult' });

export const cancelTicketResultSchema = z
  .object({
    ticket: apiTicketSchema,
    refund: z.object({ amount_cents: z.int(), currency: z.string() }).nullable(),
    message: z.string(),
  })
  .meta({ id: 'CancelTicketResult' });

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z
        .string()
        .meta({ description: 'Stabiler Code in snake_case, z. B. unauthorized, forbidden, rate_limited.' }),
      message: z.string().meta({ description: 'Deutscher Text für Menschen.' }),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'Error' });

/** A page of a list: `next_cursor` is null on the last page (docs/product/api.md#pagination). */
export const pageOf = <T extends z.ZodType>(item: T, id: string) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() }).meta({ id });

export const eventPageSchema = pageOf(apiEventSchema, 'EventPage');
export const bookingPageSchema = pageOf(apiBookingSchema, 'BookingPage');
export const ticketPageSchema = pageOf(apiTicketSchema, 'TicketPage');
export const participantPageSchema = pageOf(apiParticipantSchema, 'ParticipantPage');
export const categoryListSchema = z.object({ data: z.array(apiCategorySchema) }).meta({ id: 'CategoryList' });

export type ApiEvent = z.infer<typeof apiEventSchema>;
export type ApiCategory = z.infer<typeof apiCategorySchema>;
export type ApiBooking = z.infer<typeof apiBookingSchema>;
export type ApiTicket = z.infer<typeof apiTicketSchema>;
export type ApiParticipant = z.infer<typeof apiParticipantSchema>;
export type CheckInResult = z.infer<typeof checkInResultSchema>;
export type Page<T> = { data: T[]; next_cursor: string | null };
