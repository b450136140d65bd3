import type { OperatorInfo } from '@shared/settings';

// The demo operator of src/server/demo/seed.ts (docs/decisions/021): Miriam and Jonas Albers run Wachstumsraum
// as a partnership without register entry. Addresses use reserved names: the .example domain and a Hamburg
// number from the Bundesnetzagentur's block for film and TV (040 66969 xxx).
export const demoOperator: OperatorInfo = {
  name: 'Wachstumsraum Albers GbR',
  legalForm: 'gbr',
  representatives: 'Miriam Albers und Jonas Albers',
  street: 'Kulturweg 12',
  postalCode: '22765',
  city: 'Hamburg',
  email: 'hallo@wachstumsraum.example',
  phone: '+49 40 66969 123',
  registerCourt: '',
  registerNumber: '',
  vatId: 'DE123456789',
  taxNumber: '42/123/45678',
  supervisoryAuthority: '',
  contentResponsible: 'Miriam Albers',
  privacyEmail: 'datenschutz@wachstumsraum.example',
  privacyOfficer: '',
};
