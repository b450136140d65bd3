// Certificates of attendance ('Teilnahmebescheinigung', docs/product/certificates.md): what one shows and
// the states it can be in. Requests, answers and German texts follow with the feature.

export const CERTIFICATE_UNITS = ['ue', 'hours'] as const;
/** 'ue': Unterrichtseinheiten à 45 Minuten; 'hours': Zeitstunden. */
export type CertificateUnit = (typeof CERTIFICATE_UNITS)[number];

export const CERTIFICATE_STATUSES = ['valid', 'revoked', 'replaced'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** Everything an issued certificate shows, fixed at issue (a later change of the event does not alter it). */
export type CertificateDocument = {
  holderName: string;
  eventTitle: string;
  /** e.g. 'Sa., 12.12.2026, 10:00–17:00 Uhr' */
  dates: string;
  venue: string;
  content: string;
  topics: string[];
  amount: string | null;
  unit: CertificateUnit;
  leaderName: string;
  leaderRole: string;
  signatureKey: string | null;
  accreditation: string;
  organizer: { name: string; address: string };
  issuedOn: string;
};
