import { useState } from 'react';
import { PRICE_UNITS } from '@shared/admin-events';
import { priceUnitLabel } from '@shared/event-rules';
import { CATEGORY_MESSAGES, MAX_CATEGORIES_PER_EVENT } from '@shared/ticket-categories';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { Field } from '@web/components/ui/field';
import { Input, Select } from '@web/components/ui/input';
import {
  PRICE_FIELDS,
  moveItem,
  newCategory,
  type CategoryField,
  type CategoryFormValues,
} from '../category-form-values';
import type { EventFormErrors, EventFormValues } from '../event-form-values';
import { CategoryCard } from './category-card';
import { FormSection, type SectionProps } from './event-form-sections';

export interface ListSectionProps extends SectionProps {
  /** Changes the messages (the lists' keys move when a card moves or goes). */
  editErrors: (change: (errors: EventFormErrors) => EventFormErrors) => void;
}

const isPriceField = (field: string): field is (typeof PRICE_FIELDS)[number] =>
  (PRICE_FIELDS as readonly string[]).includes(field);

/** Drops the messages of every card: their indexes no longer match after a move or a removal. */
export const withoutListErrors = (list: 'categories' | 'questions') => (errors: EventFormErrors) =>
  Object.fromEntries(
    Object.entries(errors).filter(([key]) => !key.startsWith(`${list}.`)),
  ) as EventFormErrors;

/**
 * 'Ticketarten' (docs/product/ticket-categories.md#one-category): with one category the event's price fields as
 * before and 'Weitere Ticketart hinzufügen'; with several a card per category. While there is exactly one, its
 * prices and the event's price fields are kept equal, so either view saves the same.
 */
export function TicketCategoriesSection({ values, errors, set, editErrors }: ListSectionProps) {
  const categories = values.categories;
  const [cards, setCards] = useState(() => (categories?.length ?? 1) > 1);
  const currency = values.currency || 'EUR';

  const update = (next: CategoryFormValues[]) => set('categories', next);
  const add = () => {
    const list = categories ?? [];
    // the one category takes the prices shown so far at the event
    const first = list.length === 1 ? [{ ...list[0]!, ...pricesOf(values) }] : list;
    update([...first, newCategory()]);
    setCards(true);
  };
  const change =
    (index: number) =>
    <K extends CategoryField>(field: K, value: CategoryFormValues[K]) => {
      update(categories!.map((category, i) => (i === index ? { ...category, [field]: value } : category)));
      if (categories!.length === 1 && isPriceField(field)) set(field, value as never);
      const key = `categories.${index}.${field}` as const;
      editErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
    };
  const move = (from: number) => (to: number) => {
    update(moveItem(categories!, from, to));
    editErrors(withoutListErrors('categories'));
  };
  const remove = (index: number) => () => {
    const category = categories![index]!;
    if (category.inUse) {
      // refused at once: the server would refuse it too (docs/product/ticket-categories.md#seats)
      editErrors((current) => ({
        ...current,
        [`categories.${index}`]: CATEGORY_MESSAGES.inUse(category.name),
      }));
      return;
    }
    const next = categories!.filter((_, i) => i !== index);
    update(next);
    if (next.length === 1) for (const field of PRICE_FIELDS) set(field, next[0]![field] as never);
    editErrors(withoutListErrors('categories'));
  };

  const errorOf = (index: number) => (field: CategoryField | '') =>
    field === ''
      ? errors[`categories.${index}`]
      : (errors[`categories.${index}.${field}`] ??
        (categories!.length === 1 && isPriceField(field) ? errors[field] : undefined));

  const showCards = cards && categories !== null && categories.length > 0;
  // in the compact view the one category's other messages (a refusal of the server) are shown together
  const otherErrors = showCards
    ? []
    : Object.entries(errors).filter(([key, message]) => key.startsWith('categories.') && message);
  return (
    <FormSection title="Ticketarten">
      {errors.categories && <ErrorText className="sm:col-span-2">{errors.categories}</ErrorText>}
      {showCards ? (
        categories.map((category, index) => (
          <CategoryCard
            key={category.id || `new-${index}`}
            category={category}
            index={index}
            count={categories.length}
            currency={currency}
            start={values.start}
            errorOf={errorOf(index)}
            onChange={change(index)}
            onMove={move(index)}
            onRemove={remove(index)}
          />
        ))
      ) : (
        <CompactPriceFields values={values} errors={errors} set={set} />
      )}
      {otherErrors.map(([key, message]) => (
        <ErrorText key={key} className="sm:col-span-2">
          {message}
        </ErrorText>
      ))}
      {categories !== null && categories.length < MAX_CATEGORIES_PER_EVENT && (
        <div className="sm:col-span-2">
          <Button variant="secondary" onClick={add}>
            Weitere Ticketart hinzufügen
          </Button>
        </div>
      )}
    </FormSection>
  );
}

const pricesOf = (values: EventFormValues) => ({
  price: values.price,
  earlyBirdPrice: values.earlyBirdPrice,
  earlyBirdEndsAt: values.earlyBirdEndsAt,
  priceUnit: values.priceUnit,
});

/** The one category's prices as the event's fields ('Preis', 'Preiseinheit', early bird), as before categories. */
function CompactPriceFields({ values, errors, set }: SectionProps) {
  const currency = values.currency || 'EUR';
  return (
    <>
      <Field label="Preiseinheit" error={errors.priceUnit}>
        {(control) => (
          <Select
            {...control}
            value={values.priceUnit}
            onChange={(e) => set('priceUnit', e.target.value as EventFormValues['priceUnit'])}
          >
            {PRICE_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {priceUnitLabel(unit, 'long')}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label={`Preis (${currency})`}
        required
        error={errors.price}
        hint="z. B. 49 oder 49,90; 0 für kostenlos."
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            value={values.price}
            onChange={(e) => set('price', e.target.value)}
          />
        )}
      </Field>
      <Field
        label={`Frühbucherpreis (${currency})`}
        error={errors.earlyBirdPrice}
        hint="Optional; gilt bis zum Frühbucher-Ende und muss unter dem Preis liegen."
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            value={values.earlyBirdPrice}
            onChange={(e) => set('earlyBirdPrice', e.target.value)}
          />
        )}
      </Field>
      <Field label="Frühbucher bis" error={errors.earlyBirdEndsAt} hint="Spätestens der Beginn des Events.">
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            value={values.earlyBirdEndsAt}
            max={values.start || undefined}
            onChange={(e) => set('earlyBirdEndsAt', e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
