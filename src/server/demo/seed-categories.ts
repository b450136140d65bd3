// Ticket categories, questions and discount codes of the demo (docs/product/ticket-categories.md): the events'
// categories and questions of seed-events.ts, the answers of their bookings, and two codes – FREUNDE10 (10 %,
// 20 uses, three of them by demo bookings) and COLEITUNG, which unlocks the retreat's hidden 'Co-Leitung'.
import { asc, eq } from 'drizzle-orm';
import { categoryMirror } from '@shared/admin-categories';
import type { StoredAnswer } from '@shared/questions';
import type { OrderItemInput } from '@shared/ticket-categories';
import type { DiscountCodeRow } from '../core/discount-codes/redeem-code';
import type { CategoryRow } from '../core/ticket-categories/category-seats';
import type { DbOrTx, Event } from '../db/types';
import { discountCodes, eventQuestions, events, ticketCategories } from '../db/schema';
import type { DemoBooking, DemoEvent } from './seed-events';

/** The event whose hidden category COLEITUNG unlocks. */
const CO_LEAD_EVENT = 'zeit-fuer-uns-paar-retreat-lueneburger-heide';
const CO_LEAD_CATEGORY = 'Co-Leitung';

/** The demo's percent code, created before the bookings that use it (docs/product/ticket-categories.md#codes). */
export async function seedFriendsCode(tx: DbOrTx): Promise<Map<string, DiscountCodeRow>> {
  const [friends] = await tx
    .insert(discountCodes)
    .values({
      code: 'FREUNDE10',
      kind: 'percent',
      value: 10,
      maxUses: 20,
      note: 'Für Freundinnen und Freunde, die wir persönlich einladen.',
    })
    .returning();
  return new Map([[friends!.code, friends!]]);
}

/**
 * COLEITUNG, for the retreat only: unlocks its hidden 'Co-Leitung' (docs/product/ticket-categories.md#hidden),
 * as often as the category has seats.
 */
export async function seedCoLeadCode(tx: DbOrTx, createdEvents: Map<string, Event>): Promise<void> {
  const event = createdEvents.get(CO_LEAD_EVENT);
  if (!event) throw new Error(`demo event ${CO_LEAD_EVENT} missing`);
  const [category] = await tx
    .select()
    .from(ticketCategories)
    .where(eq(ticketCategories.eventId, event.id))
    .then((rows) => rows.filter((row) => row.name === CO_LEAD_CATEGORY));
  if (!category) throw new Error(`demo category ${CO_LEAD_CATEGORY} missing`);
  await tx.insert(discountCodes).values({
    code: 'COLEITUNG',
    kind: 'unlock',
    value: 0,
    eventIds: [event.id],
    categoryIds: [category.id],
    maxUses: 2,
    note: 'Für die Co-Leitung der Gesprächsgruppen im Paar-Retreat.',
  });
}

/** A demo event's categories and questions, keyed by name and label, to resolve its bookings' lines and answers. */
export interface DemoEventSetup {
  event: Event;
  categories: Map<string, CategoryRow>;
  questions: Map<string, { id: string; label: string; perTicket: boolean }>;
}

/**
 * Gives a demo event its categories and questions. The first category is the one the insert trigger made
 * ('Ticket' at the event's price), updated rather than replaced (docs/product/ticket-categories.md#one-category);
 * with several, the event's price columns become the cheapest visible one's (the mirror the admin form keeps,
 * docs/product/ticket-categories.md#pricing). Answers the event as it is now.
 */
export async function seedEventCategories(
  tx: DbOrTx,
  event: Event,
  demo: DemoEvent,
): Promise<DemoEventSetup> {
  const earlyBirdEndsAt = event.earlyBirdEndsAt;
  for (const [position, category] of (demo.categories ?? []).entries()) {
    const values = {
      name: category.name,
      description: category.description ?? null,
      priceCents: category.priceCents,
      priceUnit: category.priceUnit ?? 'per_person',
      earlyBirdPriceCents: category.earlyBirdPriceCents ?? null,
      earlyBirdEndsAt: category.earlyBirdPriceCents ? earlyBirdEndsAt : null,
      capacity: category.capacity ?? null,
      requiresCode: category.requiresCode ?? false,
      position,
    };
    if (position === 0)
      await tx.update(ticketCategories).set(values).where(eq(ticketCategories.eventId, event.id));
    else await tx.insert(ticketCategories).values({ ...values, eventId: event.id });
  }
  const rows = await tx
    .select()
    .from(ticketCategories)
    .where(eq(ticketCategories.eventId, event.id))
    .orderBy(asc(ticketCategories.position));
  let current = event;
  if (rows.length > 1) {
    const mirror = categoryMirror(
      rows.map((row) => ({ ...row, earlyBirdEndsAt: row.earlyBirdEndsAt?.toISOString() ?? null })),
    );
    const [updated] = await tx
      .update(events)
      .set({ ...mirror, earlyBirdEndsAt: mirror.earlyBirdEndsAt ? new Date(mirror.earlyBirdEndsAt) : null })
      .where(eq(events.id, event.id))
      .returning();
    current = updated!;
  }
  const questions = (demo.questions ?? []).length
    ? await tx
        .insert(eventQuestions)
        .values(
          demo.questions!.map((question, position) => ({
            eventId: event.id,
            label: question.label,
            help: question.help ?? null,
            kind: question.kind,
            options: question.options ?? [],
            required: question.required ?? false,
            perTicket: question.perTicket ?? false,
            position,
          })),
        )
        .returning()
    : [];
  return {
    event: current,
    categories: new Map(rows.map((row) => [row.name, row])),
    questions: new Map(questions.map((row) => [row.label, row])),
  };
}

/** A demo booking's lines, code and answers as the factory takes them. */
export function demoOrder(
  setup: DemoEventSetup,
  booked: DemoBooking,
  codes: Map<string, DiscountCodeRow>,
): { items?: OrderItemInput[]; code?: DiscountCodeRow; answers: StoredAnswer[] | null } {
  const items = booked.items?.map((item) => {
    const category = setup.categories.get(item.category);
    if (!category) throw new Error(`demo category ${item.category} missing`);
    return { categoryId: category.id, quantity: item.quantity };
  });
  if (items && items.reduce((sum, item) => sum + item.quantity, 0) !== booked.quantity) {
    throw new Error('demo booking: quantity is not the sum of its items');
  }
  const code = booked.code ? codes.get(booked.code) : undefined;
  if (booked.code && !code) throw new Error(`demo code ${booked.code} missing`);
  const answers = (booked.answers ?? []).map((answer): StoredAnswer => {
    const question = setup.questions.get(answer.label);
    if (!question) throw new Error(`demo question ${answer.label} missing`);
    return {
      questionId: question.id,
      label: question.label,
      ticket: question.perTicket ? (answer.ticket ?? 1) : null,
      person: question.perTicket ? (answer.person ?? 1) : null,
      value: answer.value,
    };
  });
  return { items, code, answers: setup.questions.size > 0 ? answers : null };
}
