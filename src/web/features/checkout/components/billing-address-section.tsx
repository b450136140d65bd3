import { useEffect, useId, useRef } from 'react';
import { BOOKING_MESSAGES } from '@shared/booking';
import { Field } from '@web/components/ui/field';
import { Select } from '@web/components/ui/input';
import { billingCountries } from '../billing-countries';
import type { BillingAddressState } from '../use-billing-address';
import { BillingAddressField } from './billing-address-field';

const checkboxClass = 'h-4 w-4 shrink-0 rounded border-input accent-primary';

/**
 * The card 'Rechnungsadresse' of the order step (docs/product/invoices.md#billing-address): up to 250 € behind
 * 'Rechnungsadresse angeben (optional)', above it open with the note why it is needed. 'E-Rechnung
 * (ZUGFeRD) erwünscht' only with a company. After a refused order the first field with a message takes the
 * focus.
 */
export function BillingAddressSection({
  billing,
  className,
}: {
  billing: BillingAddressState;
  className: string;
}) {
  const id = useId();
  const card = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { values, errors, change } = billing;

  useEffect(() => {
    if (billing.attempt === 0) return;
    const first = card.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? heading.current)?.focus();
  }, [billing.attempt]);

  const countryError = errors.country;
  const hasCompany = values.company.trim() !== '';
  return (
    <section ref={card} aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Rechnungsadresse
      </h2>
      {billing.required ? (
        <p className="mt-2 text-sm text-muted-foreground">{BOOKING_MESSAGES.billingAddressRequired}</p>
      ) : (
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={billing.chosen}
            onChange={(event) => billing.toggle(event.target.checked)}
            // points only at fields that are there: an id missing from the page is an invalid ARIA value
            aria-controls={billing.open ? `${id}-fields` : undefined}
            className={checkboxClass}
          />
          Rechnungsadresse angeben (optional)
        </label>
      )}
      {billing.open && (
        <div id={`${id}-fields`} className="mt-4 grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <BillingAddressField
            className="sm:col-span-2"
            name="company"
            label="Firma (optional)"
            autoComplete="organization"
            value={values.company}
            onChange={(value) => change('company', value)}
            error={errors.company}
          />
          <BillingAddressField
            className="sm:col-span-2"
            name="name"
            label="Name"
            autoComplete="name"
            required
            value={values.name}
            onChange={(value) => change('name', value)}
            error={errors.name}
          />
          <BillingAddressField
            className="sm:col-span-2"
            name="street"
            label="Straße und Hausnummer"
            autoComplete="street-address"
            required
            value={values.street}
            onChange={(value) => change('street', value)}
            error={errors.street}
          />
          <BillingAddressField
            name="postalCode"
            label="PLZ"
            autoComplete="postal-code"
            // a German postcode is five digits; elsewhere letters may belong to it
            inputMode={values.country === 'DE' ? 'numeric' : 'text'}
            maxLength={10}
            required
            value={values.postalCode}
            onChange={(value) => change('postalCode', value)}
            error={errors.postalCode}
          />
          <BillingAddressField
            name="city"
            label="Ort"
            autoComplete="address-level2"
            required
            value={values.city}
            onChange={(value) => change('city', value)}
            error={errors.city}
          />
          <Field label="Land" id={`${id}-country`} error={countryError} errorAlert className="sm:col-span-2">
            <Select
              name="country"
              autoComplete="country"
              required
              value={values.country}
              onChange={(event) => change('country', event.target.value)}
            >
              {billingCountries().map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </Select>
          </Field>
          <BillingAddressField
            className="sm:col-span-2"
            name="vatId"
            label="USt-IdNr. (optional)"
            autoComplete="off"
            uppercase
            maxLength={20}
            value={values.vatId}
            onChange={(value) => change('vatId', value)}
            error={errors.vatId}
          />
          {hasCompany && (
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                name="eInvoice"
                checked={values.eInvoice}
                onChange={(event) => change('eInvoice', event.target.checked)}
                className={checkboxClass}
              />
              E-Rechnung (ZUGFeRD) erwünscht
            </label>
          )}
        </div>
      )}
    </section>
  );
}
