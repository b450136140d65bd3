import { eq, inArray } from 'drizzle-orm';
import {
  DISCOUNT_CODE_ADMIN_MESSAGES as M,
  type AdminDiscountCode,
  type DiscountCodeValues,
} from '@shared/discount-code-schemas';
import { DISCOUNT_CODE_MESSAGES } from '@shared/discount-codes';
import type { Db, DbOrTx } from '../../db/types';
import { discountCodes, events, ticketCategories } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../app-error';
import { listDiscountCodes } from './list-discount-codes';

const refuse = (path: string, message: string) =>
  new AppError('validation_failed', message, [{ path, message }]);

/**
 * The events and categories a code names must exist, each category must belong to one of the chosen events
 * (when events are chosen), and a code that only unlocks must name a hidden category
 * (docs/product/ticket-categories.md#hidden).
 */
async function checkScope(db: DbOrTx, values: DiscountCodeValues): Promise<void> {
  const eventIds = [...new Set(values.eventIds)];
  if (eventIds.length > 0) {
    const found = await db.select({ id: events.id }).from(events).where(inArray(events.id, eventIds));
    if (found.length !== eventIds.length) throw refuse('eventIds', M.unknownEvent);
  }
  const categoryIds = [...new Set(values.categoryIds)];
  if (categoryIds.length === 0) return;
  const categories = await db
    .select({ eventId: ticketCategories.eventId, requiresCode: ticketCategories.requiresCode })
    .from(ticketCategories)
    .where(inArray(ticketCategories.id, categoryIds));
  const outside = eventIds.length > 0 && categories.some((category) => !eventIds.includes(category.eventId));
  if (categories.length !== categoryIds.length || outside) throw refuse('categoryIds', M.unknownCategory);
  if (values.kind === 'unlock' && !categories.some((category) => category.requiresCode)) {
    throw refuse('categoryIds', M.unlockNeedsHidden);
  }
}

/** The columns of the form's values: empty lists are stored as NULL ('all'). */
const columnsOf = (values: DiscountCodeValues) => ({
  code: values.code,
  kind: values.kind,
  value: values.value,
  eventIds: values.eventIds.length > 0 ? [...new Set(values.eventIds)] : null,
  categoryIds: values.categoryIds.length > 0 ? [...new Set(values.categoryIds)] : null,
  maxUses: values.maxUses,
  maxPerBuyer: values.maxPerBuyer,
  validFrom: values.validFrom ? new Date(values.validFrom) : null,
  validUntil: values.validUntil ? new Date(values.validUntil) : null,
  active: values.active,
  note: values.note,
});

/** A code that is already taken answers at the code field. */
function takenOrRethrow(error: unknown): never {
  if (isUniqueViolation(error, 'discount_codes_code_unique'))
    throw refuse('code', DISCOUNT_CODE_MESSAGES.taken);
  throw error;
}

async function loaded(db: DbOrTx, id: string): Promise<AdminDiscountCode> {
  const [code] = await listDiscountCodes(db, [id]);
  if (!code) throw new AppError('not_found', M.notFound);
  return code;
}

/** 'Gutscheincode anlegen' (docs/product/ticket-categories.md#codes). */
export async function createDiscountCode(db: Db, values: DiscountCodeValues): Promise<AdminDiscountCode> {
  await checkScope(db, values);
  const [row] = await db
    .insert(discountCodes)
    .values(columnsOf(values))
    .returning({ id: discountCodes.id })
    .catch(takenOrRethrow);
  return loaded(db, row!.id);
}

/**
 * Saves the form over a code. Under the code's row lock (which every redemption takes), max_uses may not go
 * below the uses it has now; its uses themselves are never written here.
 */
export async function updateDiscountCode(
  db: Db,
  id: string,
  values: DiscountCodeValues,
): Promise<AdminDiscountCode> {
  await db
    .transaction(async (tx) => {
      const [row] = await tx
        .select({ uses: discountCodes.uses })
        .from(discountCodes)
        .where(eq(discountCodes.id, id))
        .for('update');
      if (!row) throw new AppError('not_found', M.notFound);
      if (values.maxUses !== null && values.maxUses < row.uses) {
        throw refuse('maxUses', M.maxUsesBelowUses(row.uses));
      }
      await checkScope(tx, values);
      await tx.update(discountCodes).set(columnsOf(values)).where(eq(discountCodes.id, id));
    })
    .catch(takenOrRethrow);
  return loaded(db, id);
}

/** 'Deaktivieren' / 'Aktivieren': an inactive code is refused at checkout as unknown; its bookings stay. */
export async function setDiscountCodeActive(db: Db, id: string, active: boolean): Promise<AdminDiscountCode> {
  const [row] = await db
    .update(discountCodes)
    .set({ active })
    .where(eq(discountCodes.id, id))
    .returning({ id: discountCodes.id });
  if (!row) throw new AppError('not_found', M.notFound);
  return loaded(db, id);
}
