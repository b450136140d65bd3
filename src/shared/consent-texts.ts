// A consent is stored with its version, the exact text the person saw, and the time
// (docs/product/accounts-and-consent.md#consent-recorded).
// The client shows these texts and the server records them, so both sides read them from here. Changing a
// wording means a new CONSENT_VERSION (now v1), so older rows keep the text they were given for.

export const CONSENT_VERSION = 'v1';

export const CONSENT_PURPOSES = ['dsgvo', 'marketing'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The data-protection consent, in three parts: the middle part links to the privacy page. */
export const DSGVO_CONSENT_PARTS = {
  before: 'Ich habe die ',
  link: 'Datenschutzerklärung',
  after:
    ' gelesen und willige ein, dass meine Angaben (Name, E-Mail-Adresse, Telefonnummer) zur Abwicklung meiner Buchungen gespeichert und verarbeitet werden. Diese Einwilligung kann ich jederzeit in meinem Profil widerrufen.',
} as const;

export const DSGVO_CONSENT_TEXT = `${DSGVO_CONSENT_PARTS.before}${DSGVO_CONSENT_PARTS.link}${DSGVO_CONSENT_PARTS.after}`;

export const MARKETING_CONSENT_TEXT =
  'Ja, ich möchte per E-Mail über neue Veranstaltungen informiert werden (Newsletter). Abmeldung jederzeit möglich.';

export const CONSENT_TEXTS: Record<ConsentPurpose, string> = {
  dsgvo: DSGVO_CONSENT_TEXT,
  marketing: MARKETING_CONSENT_TEXT,
};
