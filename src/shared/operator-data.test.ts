import { describe, expect, it } from 'vitest';
import { missingOperatorFields, operatorPlaceholder, requiredOperatorFields } from './operator-data';
import { DEFAULT_SETTINGS } from './settings';

const ALWAYS = ['name', 'legalForm', 'street', 'postalCode', 'city', 'email', 'contentResponsible'];

describe('required operator data (docs/decisions/021)', () => {
  it('asks for name, legal form, address, e-mail and the person responsible for the content', () => {
    expect(requiredOperatorFields('')).toEqual(ALWAYS);
    expect(missingOperatorFields(DEFAULT_SETTINGS.operator)).toEqual(ALWAYS);
    expect(requiredOperatorFields('einzelunternehmen')).toEqual(ALWAYS);
  });

  it('adds representatives for partnerships and companies, the register for registered forms', () => {
    expect(requiredOperatorFields('gbr')).toEqual([
      ...ALWAYS.slice(0, 2),
      'representatives',
      ...ALWAYS.slice(2),
    ]);
    const gmbh = requiredOperatorFields('gmbh');
    expect(gmbh).toEqual(expect.arrayContaining(['representatives', 'registerCourt', 'registerNumber']));
    expect(requiredOperatorFields('ek')).toEqual(expect.arrayContaining(['registerCourt', 'registerNumber']));
    expect(requiredOperatorFields('ek')).not.toContain('representatives');
    expect(requiredOperatorFields('toString')).toEqual(ALWAYS); // not a legal form, even if an object key
  });

  it('counts whitespace as missing and names the placeholder after the field', () => {
    const operator = { ...DEFAULT_SETTINGS.operator, name: '  ', legalForm: 'ev', city: 'Kiel' };
    expect(missingOperatorFields(operator)).toEqual([
      'name',
      'representatives',
      'street',
      'postalCode',
      'email',
      'registerCourt',
      'registerNumber',
      'contentResponsible',
    ]);
    expect(operatorPlaceholder('registerNumber')).toBe('[Bitte eintragen: Registernummer]');
  });
});
