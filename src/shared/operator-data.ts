import type { OperatorInfo } from './settings';

// The operator's legal data (card 'Rechtliches & Betreiber', docs/decisions/021): names of the fields, the
// legal forms and which fields each one requires. Used by the legal pages (first download, so free of zod),
// the settings card and the dashboard warning.

export type OperatorField = keyof OperatorInfo;

/** One name per field: the form's label, the dashboard's list of missing data and the pages' placeholder. */
export const OPERATOR_FIELD_LABELS: Record<OperatorField, string> = {
  name: 'Name des Anbieters',
  legalForm: 'Rechtsform',
  representatives: 'Vertretungsberechtigte Person(en)',
  street: 'Straße und Hausnummer',
  postalCode: 'PLZ',
  city: 'Ort',
  email: 'Kontakt-E-Mail',
  phone: 'Telefonnummer',
  registerCourt: 'Registergericht',
  registerNumber: 'Registernummer',
  vatId: 'USt-IdNr.',
  taxNumber: 'Steuernummer',
  supervisoryAuthority: 'Zuständige Aufsichtsbehörde',
  contentResponsible: 'Verantwortlich für den Inhalt',
  privacyEmail: 'E-Mail für Datenschutzanfragen',
  privacyOfficer: 'Datenschutzbeauftragte Person',
};

/** In the form's order. */
export const OPERATOR_FIELDS = Object.keys(OPERATOR_FIELD_LABELS) as OperatorField[];

/** For invoices only (§ 14 UStG); never part of GET /api/settings. */
export const PRIVATE_OPERATOR_FIELDS: readonly OperatorField[] = ['taxNumber'];

/**
 * German legal forms of a small operator: `register` when the form is entered in a public register (court
 * and number then required, § 5 Abs. 1 Nr. 4 DDG), `representatives` when someone other than the owner
 * acts for it (§ 5 Abs. 1 Nr. 1 DDG). 'andere' requires neither; the operator adds what applies.
 */
export const LEGAL_FORMS = {
  einzelunternehmen: { label: 'Einzelunternehmen', register: false, representatives: false },
  freiberuf: { label: 'Freiberufliche Tätigkeit', register: false, representatives: false },
  ek: {
    label: 'Eingetragene Kauffrau / eingetragener Kaufmann (e. K.)',
    register: true,
    representatives: false,
  },
  gbr: { label: 'Gesellschaft bürgerlichen Rechts (GbR)', register: false, representatives: true },
  egbr: { label: 'Eingetragene GbR (eGbR)', register: true, representatives: true },
  partg: { label: 'Partnerschaftsgesellschaft (PartG)', register: true, representatives: true },
  ohg: { label: 'Offene Handelsgesellschaft (OHG)', register: true, representatives: true },
  kg: { label: 'Kommanditgesellschaft (KG)', register: true, representatives: true },
  gmbh: { label: 'GmbH', register: true, representatives: true },
  ug: { label: 'UG (haftungsbeschränkt)', register: true, representatives: true },
  ev: { label: 'Eingetragener Verein (e. V.)', register: true, representatives: true },
  eg: { label: 'Eingetragene Genossenschaft (eG)', register: true, representatives: true },
  andere: { label: 'Andere Rechtsform', register: false, representatives: false },
} as const;
export type LegalForm = keyof typeof LEGAL_FORMS;
export const LEGAL_FORM_KEYS = Object.keys(LEGAL_FORMS) as LegalForm[];

export function legalFormOf(key: string): (typeof LEGAL_FORMS)[LegalForm] | undefined {
  return Object.hasOwn(LEGAL_FORMS, key) ? LEGAL_FORMS[key as LegalForm] : undefined;
}

/** Always required: who offers, where, how to reach them, who answers for the content. */
const ALWAYS_REQUIRED: readonly OperatorField[] = [
  'name',
  'legalForm',
  'street',
  'postalCode',
  'city',
  'email',
  'contentResponsible',
];

/** The fields this operator has to fill, given the chosen legal form (docs/decisions/021). */
export function requiredOperatorFields(legalForm: string): OperatorField[] {
  const form = legalFormOf(legalForm);
  return OPERATOR_FIELDS.filter(
    (field) =>
      ALWAYS_REQUIRED.includes(field) ||
      (form?.representatives === true && field === 'representatives') ||
      (form?.register === true && (field === 'registerCourt' || field === 'registerNumber')),
  );
}

/** Required fields still empty, in the form's order: what the dashboard warning names. */
export function missingOperatorFields(operator: OperatorInfo): OperatorField[] {
  return requiredOperatorFields(operator.legalForm).filter((field) => operator[field].trim() === '');
}

/** Marker for operator data that still has to be entered in the admin settings. */
export const OPERATOR_PLACEHOLDER_PREFIX = '[Bitte eintragen:';

/** What a legal page shows in place of a required field that is still empty. */
export const operatorPlaceholder = (field: OperatorField) =>
  `${OPERATOR_PLACEHOLDER_PREFIX} ${OPERATOR_FIELD_LABELS[field]}]`;
