import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { z } from 'zod';
import { ticketCode } from '@shared/booking';
import type { AppSettings } from '@shared/settings';
import { TICKET_MESSAGES } from '@shared/tickets';
import type { Actor } from '../actor';
import type { FileStorage } from '../../adapters/storage/storage';
import type { DbOrTx } from '../../db/types';
import { bookings, events, profiles, ticketCategories, ticketPreviews, tickets } from '../../db/schema';
import { AppError } from '../app-error';
import { eventTimeAndPlaceColumns } from '../events/event-columns';
import { deliveredOnlineUrl } from '../events/online-link';
import { renderTicketPng, renderTicketsPdf } from './ticket-document';
import type { TicketDocumentData } from './ticket-document-data';

export interface TicketFileDeps {
  db: DbOrTx;
  settings: { get(): Promise<AppSettings> };
  storage: FileStorage;
  /** The built client (its /logo.svg is the default brand mark); absent in API tests. */
  webRoot?: string;
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

const documentColumns = {
  ticket: tickets,
  holderName: bookings.holderName,
  orderNumber: bookings.orderNumber,
  fullName: profiles.fullName,
  event: {
    ...eventTimeAndPlaceColumns,
    priceUnit: events.priceUnit,
    onlineUrl: events.onlineUrl,
  },
  // how many categories the event has: one 'Ticket' is not worth printing
  // (docs/product/ticket-categories.md#one-category)
  categoryCount: sql<number>`(select count(*) from ${ticketCategories} where ${ticketCategories.eventId} = ${events.id})::int`,
};

/** The category a ticket prints: its name, unless it is the event's one category 'Ticket'. */
function shownCategory(name: string | null, categoryCount: number): string | null {
  if (!name) return null;
  return categoryCount > 1 || name !== 'Ticket' ? name : null;
}

/** What a ticket document shows, for the tickets matching `where`. */
const documentRows = (db: DbOrTx, where: SQL) =>
  db
    .select(documentColumns)
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(profiles, eq(profiles.id, tickets.profileId))
    .where(where);

/**
 * Only the ticket's owner (its buyer, or its current substitute holder by e-mail) or an admin may fetch its
 * files; everyone else gets the 404 of a ticket that does not exist
 * (docs/product/tickets-and-refunds.md#ticket-documents). A previous substitute loses access with the
 * next transfer (docs/product/tickets-and-refunds.md#ticket-transfer).
 */
export async function ticketForDownload(db: DbOrTx, ticketId: string, user: Actor & { email?: string }) {
  const notFound = new AppError('not_found', TICKET_MESSAGES.notFound);
  if (!isUuid(ticketId)) throw notFound;
  const [row] = await documentRows(db, eq(tickets.id, ticketId)).limit(1);
  if (!row) throw notFound;
  const isHolder =
    row.ticket.holderEmail !== null && row.ticket.holderEmail === user.email?.trim().toLowerCase();
  if (row.ticket.profileId !== user.id && !isHolder && user.role !== 'admin') throw notFound;
  return row;
}

type DocumentRow = Awaited<ReturnType<typeof ticketForDownload>>;

async function toDocument(row: DocumentRow, brand: TicketDocumentData['brand']): Promise<TicketDocumentData> {
  return {
    ticketId: row.ticket.id,
    ticketNumber: row.ticket.ticketNumber,
    orderNumber: row.orderNumber,
    code: ticketCode(row.ticket.ticketNumber),
    holderName: row.ticket.holderName || row.holderName || row.fullName || '',
    eventTitle: row.event.title,
    categoryName: shownCategory(row.ticket.categoryName, Number(row.categoryCount)),
    startTime: row.event.startTime,
    endTime: row.event.endTime,
    timezone: row.event.timezone,
    location: row.event.location,
    venue: row.event.venue,
    room: row.event.room,
    mode: row.event.mode,
    onlineUrl: deliveredOnlineUrl(row.event, row.ticket.status === 'active'),
    // the ticket's own unit: a pair's category holds two seats, whatever the event's cheapest category is
    priceUnit: row.ticket.seats === 2 ? 'per_pair' : 'per_person',
    isTest: row.ticket.isTest,
    status: row.ticket.status,
    brand,
  };
}

const logoCache = new Map<string, Buffer | null>();

/** The brand logo as PNG for documents: the uploaded light logo, else the shop's logo.svg, else none. */
async function brandOf(deps: TicketFileDeps): Promise<TicketDocumentData['brand']> {
  const { brand } = await deps.settings.get();
  const source = brand.logoLightUrl || 'default';
  if (!logoCache.has(source)) {
    let bytes: Buffer | null = null;
    const key = brand.logoLightUrl ? deps.storage.keyOf(brand.logoLightUrl) : null;
    if (key) bytes = await deps.storage.read(key);
    else if (deps.webRoot) bytes = await readFile(path.join(deps.webRoot, 'logo.svg')).catch(() => null);
    const png = bytes
      ? await sharp(bytes, { density: 300 })
          .resize({ height: 240, fit: 'inside', withoutEnlargement: false })
          .png()
          .toBuffer()
          .catch(() => null)
      : null;
    logoCache.set(source, png);
  }
  return { siteName: brand.siteName, logo: logoCache.get(source) ?? null };
}

export async function ticketPdf(deps: TicketFileDeps, row: DocumentRow): Promise<Buffer> {
  return renderTicketsPdf([await toDocument(row, await brandOf(deps))]);
}

export async function ticketPng(deps: TicketFileDeps, row: DocumentRow): Promise<Buffer> {
  return renderTicketPng(await toDocument(row, await brandOf(deps)));
}

/** All tickets of a booking in one PDF, one page each: the confirmation mail's attachment. */
export async function bookingTicketsPdf(deps: TicketFileDeps, bookingId: string): Promise<Buffer> {
  const rows = await documentRows(deps.db, eq(tickets.bookingId, bookingId)).orderBy(asc(tickets.position));
  if (rows.length === 0) throw new Error(`booking ${bookingId} has no tickets`);
  const brand = await brandOf(deps);
  return renderTicketsPdf(await Promise.all(rows.map((row) => toDocument(row, brand))));
}

/** One ticket's PDF: the attachment of the mail to a substitute (docs/product/tickets-and-refunds.md#ticket-transfer). */
export async function singleTicketPdf(deps: TicketFileDeps, ticketId: string): Promise<Buffer> {
  const [row] = await documentRows(deps.db, eq(tickets.id, ticketId)).limit(1);
  if (!row) throw new Error(`ticket ${ticketId} not found`);
  return renderTicketsPdf([await toDocument(row, await brandOf(deps))]);
}

/**
 * The stored preview of a ticket, also re-rendered by admins: a WebP (≤ 1200 px, q 0.82;
 * docs/product/admin.md#ticket-preview).
 */
export async function refreshTicketPreview(deps: TicketFileDeps, row: DocumentRow): Promise<string> {
  // the stored preview is a file under a public URL and outlives a cancel: never with the access link
  // (docs/decisions/019-online-links.md)
  const png = await renderTicketPng({ ...(await toDocument(row, await brandOf(deps))), onlineUrl: null });
  const webp = await sharp(png)
    .resize({ width: 1200, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  const url = await deps.storage.put(
    `ticket-previews/${row.ticket.id}-${Date.now()}.webp`,
    webp,
    'image/webp',
  );
  const [previous] = await deps.db
    .select({ storagePath: ticketPreviews.storagePath })
    .from(ticketPreviews)
    .where(eq(ticketPreviews.ticketId, row.ticket.id));
  await deps.db
    .insert(ticketPreviews)
    .values({ ticketId: row.ticket.id, storagePath: url })
    .onConflictDoUpdate({
      target: ticketPreviews.ticketId,
      set: { storagePath: url, updatedAt: new Date() },
    });
  const oldKey = previous ? deps.storage.keyOf(previous.storagePath) : null;
  // the new preview is saved; an old file left behind by a storage outage only takes space
  if (oldKey) await deps.storage.delete(oldKey).catch(() => undefined);
  return url;
}
