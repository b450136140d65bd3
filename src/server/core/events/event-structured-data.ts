import { DateTime } from 'luxon';
import { currentUnitPriceCents } from '@shared/event-rules';
import type { PublicEvent } from '@shared/events';
import { DEFAULT_TIMEZONE } from '@shared/settings';

/** Meta description capped at 160 characters (docs/product/events.md#meta-description). */
export const META_DESCRIPTION_MAX = 160;

/** Whitespace collapsed; cut at a word boundary with an ellipsis when longer than `max`. */
export function metaDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:–-]+$/, '')}…`;
}

export const eventPageUrl = (event: Pick<PublicEvent, 'slug'>, publicUrl: string) =>
  new URL(`/event/${encodeURIComponent(event.slug)}`, publicUrl).toString();

/** The cover as an absolute URL (messengers do not resolve relative ones): image_url, else the featured medium. */
export function eventImageUrl(event: PublicEvent, publicUrl: string): string | null {
  const image =
    event.imageUrl ??
    event.media.find((medium) => medium.isFeatured)?.url ??
    event.media.find((medium) => medium.mediaType === 'image')?.url;
  if (!image) return null;
  try {
    return new URL(image, publicUrl).toString();
  } catch {
    return null;
  }
}

export const isSoldOut = (event: Pick<PublicEvent, 'totalSeats' | 'availableSeats'>) =>
  event.totalSeats > 0 && event.availableSeats <= 0;

/** schema.org Event for search engines (https://schema.org/Event, Google's event rich results). */
export function eventJsonLd(
  event: PublicEvent,
  context: { publicUrl: string; siteName: string; now: Date },
): Record<string, unknown> {
  const url = eventPageUrl(event, context.publicUrl);
  const zone = DateTime.now().setZone(event.timezone).isValid ? event.timezone : DEFAULT_TIMEZONE;
  const local = (iso: string) =>
    DateTime.fromISO(iso).setZone(zone).startOf('second').toISO({ suppressMilliseconds: true });
  const image = eventImageUrl(event, context.publicUrl);
  const price = currentUnitPriceCents(event, context.now);
  const earlyBirdRunning = price !== event.priceCents && event.earlyBirdEndsAt !== null;
  const online = event.mode === 'online';
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: metaDescription(event.description || event.shortDescription || event.title, 5000),
    startDate: local(event.startTime),
    endDate: local(event.endTime),
    eventStatus:
      event.status === 'cancelled'
        ? 'https://schema.org/EventCancelled'
        : 'https://schema.org/EventScheduled',
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    // the page, never online_url: that goes to buyers only
    location: online
      ? { '@type': 'VirtualLocation', url }
      : {
          '@type': 'Place',
          name: event.venue || event.location,
          address: {
            '@type': 'PostalAddress',
            addressLocality: event.location,
            ...(event.locationDetails ? { addressRegion: event.locationDetails } : {}),
          },
        },
    ...(image ? { image: [image] } : {}),
    organizer:
      event.organizers.length > 0
        ? event.organizers.map((organizer) => ({
            '@type': 'Person',
            name: organizer.displayName,
            ...(organizer.website ? { url: organizer.website } : {}),
          }))
        : { '@type': 'Organization', name: context.siteName, url: context.publicUrl },
    offers: {
      '@type': 'Offer',
      url,
      price: (price / 100).toFixed(2),
      priceCurrency: event.currency,
      availability: isSoldOut(event) ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      ...(earlyBirdRunning ? { priceValidUntil: event.earlyBirdEndsAt } : {}),
    },
    url,
  };
}
