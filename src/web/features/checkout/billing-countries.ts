// The 'Land' choices of the 'Rechnungsadresse' (docs/product/invoices.md#billing-address): Deutschland,
// Österreich and Schweiz first, then the other EU member states by their German names. Values are ISO 3166-1
// alpha-2 codes, as the server stores them.

const FIRST = ['DE', 'AT', 'CH'] as const;
/** The EU member states besides Germany and Austria (ISO codes; Greece is 'GR' there, not 'EL'). */
const OTHER_EU = [
  'BE', 'BG', 'CY', 'CZ', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const; // prettier-ignore

export interface CountryOption {
  code: string;
  name: string;
}

let options: CountryOption[] | undefined;

/** The options, named once per page load by Intl.DisplayNames('de'). */
export function billingCountries(): CountryOption[] {
  if (options) return options;
  const names = new Intl.DisplayNames('de', { type: 'region' });
  const named = (code: string): CountryOption => ({ code, name: names.of(code) ?? code });
  const collator = new Intl.Collator('de');
  options = [...FIRST.map(named), ...OTHER_EU.map(named).sort((a, b) => collator.compare(a.name, b.name))];
  return options;
}
