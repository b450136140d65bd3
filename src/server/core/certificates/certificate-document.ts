import { eventWhen } from '@shared/date-range';
import type { CertificateDocument } from '@shared/certificates';
import { zonedParts } from '@shared/event-rules';
import type { AppSettings } from '@shared/settings';
import type { CertificateSettingsRow } from './certificate-settings';

/** Who issues the certificates: the operator of the shop (card 'Rechtliches & Betreiber'). */
export interface CertificateIssuer {
  name: string;
  address: string;
}

/** The operator's name and address, or the site's name while the operator data is empty. */
export function issuerOf(settings: Pick<AppSettings, 'operator' | 'brand'>): CertificateIssuer {
  const { operator } = settings;
  const city = `${operator.postalCode} ${operator.city}`.trim();
  return {
    name: operator.name.trim() || settings.brand.siteName,
    address: [operator.street.trim(), city].filter(Boolean).join(', '),
  };
}

export interface CertificateEvent {
  title: string;
  startTime: Date;
  endTime: Date;
  timezone: string;
  mode: string;
  venue: string | null;
  location: string;
}

/** 'DD.MM.YYYY' of a moment in a time zone. */
export function germanDay(at: Date, timeZone: string): string {
  const { year, month, day } = zonedParts(at, timeZone);
  return `${day}.${month}.${year}`;
}

/**
 * What a certificate shows, fixed at issue (docs/product/certificates.md#document): the holder's name as the
 * ticket carries it, the event's title, dates and place, what the admin wrote into the card, the issuer.
 */
export function certificateDocument(input: {
  holderName: string;
  event: CertificateEvent;
  settings: CertificateSettingsRow;
  issuer: CertificateIssuer;
  now: Date;
}): CertificateDocument {
  const { event, settings } = input;
  const place = event.mode === 'online' ? 'Online' : [event.venue, event.location].filter(Boolean).join(', ');
  return {
    holderName: input.holderName.trim(),
    eventTitle: event.title,
    dates: eventWhen(event),
    venue: place,
    content: settings.content,
    topics: settings.topics
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    amount: settings.amount,
    unit: settings.unit,
    leaderName: settings.leaderName,
    leaderRole: settings.leaderRole,
    signatureKey: settings.signatureKey,
    accreditation: settings.accreditation,
    organizer: input.issuer,
    issuedOn: germanDay(input.now, event.timezone),
  };
}
