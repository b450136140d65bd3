import type { AdminEvent } from '@shared/admin-events';
import type { AdminCategoryInput } from '@shared/admin-categories';
import { seriesFutureUpdateSchema, type SeriesFutureUpdateInput } from '@shared/series';

/** One category row of the form: the next date's category (with its id) or a new one. */
export interface CategoryRow {
  id?: string;
  name: string;
  price: string;
  inUse: boolean;
  /** The rest of the category as stored, sent back unchanged. */
  rest: Omit<AdminCategoryInput, 'id' | 'name' | 'priceCents'>;
}

export interface FutureFormValues {
  title: string;
  shortDescription: string;
  description: string;
  cancellationPolicyId: string;
  startClock: string;
  endClock: string;
  categories: CategoryRow[];
}

const clockIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(iso),
  );

/** The form starts from the next date's values (docs/product/event-series.md#future-dates). */
export function futureValuesOf(event: AdminEvent): FutureFormValues {
  return {
    title: event.title,
    shortDescription: event.shortDescription ?? '',
    description: event.description,
    cancellationPolicyId: event.cancellationPolicyId ?? '',
    startClock: clockIn(event.startTime, event.timezone),
    endClock: clockIn(event.endTime, event.timezone),
    categories: (event.categories ?? []).map((category) => ({
      id: category.id,
      name: category.name,
      price: centsToEuros(category.priceCents),
      inUse: category.inUse,
      rest: {
        description: category.description,
        earlyBirdPriceCents: category.earlyBirdPriceCents,
        earlyBirdEndsAt: category.earlyBirdEndsAt,
        priceUnit: category.priceUnit,
        capacity: category.capacity,
        saleStartsAt: category.saleStartsAt,
        saleEndsAt: category.saleEndsAt,
        minPerOrder: category.minPerOrder,
        maxPerOrder: category.maxPerOrder,
        requiresCode: category.requiresCode,
      },
    })),
  };
}

export const newCategoryRow = (): CategoryRow => ({ name: '', price: '', inUse: false, rest: {} });

export const centsToEuros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** '49', '49,9', '49,90', '49.90' → cents; NaN for anything else (the event form's rule). */
export function eurosToCents(text: string): number {
  const compact = text.replace(/[\s€]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(compact)) return Number.NaN;
  const [euros = '0', cents = ''] = compact.split('.');
  return Number(euros) * 100 + Number(cents.padEnd(2, '0'));
}

/**
 * Only what differs from the start values is sent; checked with the server's schema. Answers the update or
 * the first German message.
 */
export function futureUpdateOf(
  initial: FutureFormValues,
  values: FutureFormValues,
): { update: SeriesFutureUpdateInput } | { error: string } {
  const update: SeriesFutureUpdateInput = {};
  if (values.title !== initial.title) update.title = values.title;
  if (values.shortDescription !== initial.shortDescription) update.shortDescription = values.shortDescription;
  if (values.description !== initial.description) update.description = values.description;
  if (values.cancellationPolicyId !== initial.cancellationPolicyId)
    update.cancellationPolicyId = values.cancellationPolicyId || null;
  if (values.startClock !== initial.startClock || values.endClock !== initial.endClock) {
    update.startClock = values.startClock;
    update.endClock = values.endClock;
  }
  const categoriesOf = (rows: CategoryRow[]) =>
    JSON.stringify(rows.map(({ id, name, price }) => [id, name, price]));
  if (categoriesOf(values.categories) !== categoriesOf(initial.categories)) {
    update.categories = values.categories.map((row) => ({
      ...row.rest,
      ...(row.id ? { id: row.id } : {}),
      name: row.name,
      priceCents: eurosToCents(row.price),
    }));
  }
  const parsed = seriesFutureUpdateSchema.safeParse(update);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Bitte prüfe deine Angaben.' };
  return { update };
}
