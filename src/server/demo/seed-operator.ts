import type { AccessibilityStatement, OperatorInfo } from '@shared/settings';

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

/**
 * The demo operator's part of the accessibility statement (docs/decisions/047-accessibility-statement.md),
 * dated the day the demo is seeded. The gaps are those of this shop as checked for issue 29 (keyboard journey,
 * 320 px, 200 % text, axe in both themes; e2e/accessibility.spec.ts): true of it, hence "teilweise konform".
 */
export function demoAccessibility(reviewedOn: string): AccessibilityStatement {
  return {
    conformity: 'partial',
    knownGaps: [
      'Nach einem Seitenwechsel innerhalb des Shops bleibt der Tastaturfokus nicht auf der neuen Seite stehen; Screenreader erfahren den Wechsel nur über den neuen Seitentitel.',
      'Die Tickets und Rechnungen als PDF sind nicht getaggt und mit Screenreadern nur eingeschränkt lesbar. Alle Angaben des Tickets stehen auch unter „Meine Tickets“ und in der Bestätigungs-E-Mail.',
      'Beim Bezahlen sind die Plätze 15 Minuten für dich reserviert; diese Frist lässt sich nicht verlängern. Danach kannst du neu buchen, solange Plätze frei sind.',
      'Die Links „Auf der Karte ansehen“ und „Google Kalender“ führen zu Angeboten von Google, auf deren Barrierefreiheit wir keinen Einfluss haben.',
    ].join('\n'),
    contactEmail: 'barrierefreiheit@wachstumsraum.example',
    authority: '',
    reviewedOn,
  };
}
