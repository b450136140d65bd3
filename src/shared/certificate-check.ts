// What the public check page of a certificate shows (docs/product/certificates.md#check-page), without zod, so
// the page's own code stays small (the server-rendered pages' budget, scripts/bundle-budget.mjs).

export const CERTIFICATE_STATUSES = ['valid', 'revoked', 'replaced'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** The answer to an unknown code. */
export const CERTIFICATE_CHECK_NOT_FOUND =
  'Zu diesem Prüfcode gibt es keine Bescheinigung. Bitte prüfe, ob du den Code richtig abgeschrieben hast.';

/** GET /api/certificates/check/:code: what the public check page shows (docs/product/certificates.md#check-page). */
export interface CertificateCheck {
  code: string;
  status: CertificateStatus;
  /** 'Anna M.' */
  holder: string;
  eventTitle: string;
  dates: string;
  /** '8 Unterrichtseinheiten (à 45 Minuten)'; '' without. */
  amount: string;
  organizer: string;
  issuedOn: string;
  /** When it was revoked or replaced ('DD.MM.YYYY'); null while valid. */
  endedOn: string | null;
}

/** The check page's verdict line. */
export const CERTIFICATE_CHECK_TEXTS: Record<CertificateStatus, { title: string; text: string }> = {
  valid: {
    title: 'Gültige Teilnahmebescheinigung',
    text: 'Diese Bescheinigung wurde von uns ausgestellt und ist gültig.',
  },
  revoked: {
    title: 'Bescheinigung widerrufen',
    text: 'Diese Bescheinigung wurde widerrufen und ist nicht mehr gültig.',
  },
  replaced: {
    title: 'Bescheinigung ersetzt',
    text: 'Diese Bescheinigung wurde durch eine neue ersetzt und gilt nicht mehr. Die Person hat eine neue Bescheinigung mit eigenem Prüfcode erhalten.',
  },
};
