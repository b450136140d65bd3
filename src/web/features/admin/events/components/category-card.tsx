import { useId } from 'react';
import { PRICE_UNITS } from '@shared/admin-events';
import { priceUnitLabel } from '@shared/event-rules';
import { MAX_PER_ORDER } from '@shared/admin-categories';
import { Field } from '@web/components/ui/field';
import { Input, Select, Textarea } from '@web/components/ui/input';
import { ErrorText } from '@web/components/ui/error-text';
import { CheckboxField } from '@web/features/admin/kit/form-field';
import type { CategoryField, CategoryFormValues } from '../category-form-values';
import { ListItemActions } from './list-item-actions';

export interface CategoryCardProps {
  category: CategoryFormValues;
  index: number;
  count: number;
  currency: string;
  /** The event's start as typed: the latest early-bird end. */
  start: string;
  /** The message of a field of this card, or of the card ('' field). */
  errorOf: (field: CategoryField | '') => string | undefined;
  onChange: <K extends CategoryField>(field: K, value: CategoryFormValues[K]) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/** One ticket category with every field (docs/product/ticket-categories.md#pricing, #seats, #sale-window, #hidden). */
export function CategoryCard(props: CategoryCardProps) {
  const { category, index, count, currency, start, errorOf, onChange } = props;
  const headingId = useId();
  const title = category.name.trim() || `Ticketart ${index + 1}`;
  const text = (field: 'name' | 'price' | 'earlyBirdPrice' | 'capacity' | 'minPerOrder' | 'maxPerOrder') => ({
    value: category[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  const time = (field: 'earlyBirdEndsAt' | 'saleStartsAt' | 'saleEndsAt') => ({
    type: 'datetime-local',
    value: category[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="rounded-xl border border-border p-4 sm:col-span-2"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {title}
          {category.requiresCode && (
            <span className="ml-2 text-sm font-normal text-muted-foreground">(nur mit Code)</span>
          )}
        </h3>
        <ListItemActions
          itemName={`Ticketart „${title}“`}
          index={index}
          count={count}
          onMove={props.onMove}
          onRemove={props.onRemove}
          canRemove={count > 1}
        />
      </div>
      {errorOf('') && <ErrorText className="mb-3">{errorOf('')}</ErrorText>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required error={errorOf('name')}>
          {(control) => <Input {...control} {...text('name')} maxLength={100} />}
        </Field>
        <Field label="Preiseinheit" error={errorOf('priceUnit')}>
          {(control) => (
            <Select
              {...control}
              value={category.priceUnit}
              onChange={(e) => onChange('priceUnit', e.target.value as CategoryFormValues['priceUnit'])}
            >
              {PRICE_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {priceUnitLabel(unit, 'long')}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Beschreibung" error={errorOf('description')} className="sm:col-span-2">
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              value={category.description}
              onChange={(e) => onChange('description', e.target.value)}
              maxLength={1000}
            />
          )}
        </Field>
        <Field label={`Preis (${currency})`} required error={errorOf('price')} hint="0 für kostenlos.">
          {(control) => <Input {...control} inputMode="decimal" {...text('price')} />}
        </Field>
        <Field
          label="Eigene Plätze"
          error={errorOf('capacity')}
          hint={`Leer: nur die Plätze gesamt zählen. Vergeben: ${category.taken}.`}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={category.taken}
              step={1}
              {...text('capacity')}
            />
          )}
        </Field>
        <Field label={`Frühbucherpreis (${currency})`} error={errorOf('earlyBirdPrice')}>
          {(control) => <Input {...control} inputMode="decimal" {...text('earlyBirdPrice')} />}
        </Field>
        <Field label="Frühbucher bis" error={errorOf('earlyBirdEndsAt')}>
          {(control) => <Input {...control} {...time('earlyBirdEndsAt')} max={start || undefined} />}
        </Field>
        <Field label="Verkauf ab" error={errorOf('saleStartsAt')} hint="Leer: sofort.">
          {(control) => <Input {...control} {...time('saleStartsAt')} />}
        </Field>
        <Field label="Verkauf bis" error={errorOf('saleEndsAt')} hint="Leer: ohne eigenes Ende.">
          {(control) => <Input {...control} {...time('saleEndsAt')} />}
        </Field>
        <Field label="Mindestens pro Bestellung" error={errorOf('minPerOrder')}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_PER_ORDER}
              step={1}
              {...text('minPerOrder')}
            />
          )}
        </Field>
        <Field label="Höchstens pro Bestellung" error={errorOf('maxPerOrder')} hint="Leer: bis 20.">
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_PER_ORDER}
              step={1}
              {...text('maxPerOrder')}
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <CheckboxField
            label="Nur mit Code buchbar"
            hint="Erscheint nicht auf der Event-Seite; ein Gutscheincode schaltet sie frei."
            checked={category.requiresCode}
            onChange={(checked) => onChange('requiresCode', checked)}
          />
        </div>
      </div>
    </div>
  );
}
