import type { EventQuestion } from './questions';

// The public event contract (an event with media, links, tags and organizers): what
// GET /api/events and GET /api/events/:slug answer. Only what a visitor may see: no online_url (buyers get
// it with their ticket), no creator, policy or internal flags (docs/product/events.md#internal-fields).
// Prices are integer cents.

// The stored values, each list written once: the types and zod enums derive from them, and so do the
// database enums in db/schema (in the database's order; reordering a list needs a migration).
export const EVENT_STATUSES = ['draft', 'published', 'cancelled', 'completed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_MODES = ['online', 'presence'] as const;
export type EventMode = (typeof EVENT_MODES)[number];
export const PRICE_UNITS = ['per_person', 'per_pair'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

/** A category as the public event page, the checkout and the booking see it. Prices are integer cents. */
export interface PublicTicketCategory {
  id: string;
  name: string;
  description: string | null;
  priceCents: number;
  earlyBirdPriceCents: number | null;
  earlyBirdEndsAt: string | null;
  priceUnit: PriceUnit;
  /** Persons this category may hold of its own; null = only the event's total counts. */
  capacity: number | null;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  minPerOrder: number;
  maxPerOrder: number | null;
  /** Only bookable with a code that unlocks it; never listed publicly unless unlocked. */
  requiresCode: boolean;
  position: number;
  /** Persons still free in it: min(own capacity − taken, the event's free seats). */
  availableSeats: number;
}

export interface PublicEventMedia {
  id: string;
  mediaType: string;
  url: string;
  title: string | null;
  isFeatured: boolean;
  displayOrder: number;
}

export interface PublicEventLink {
  title: string;
  url: string;
}

export interface PublicOrganizer {
  id: string;
  displayName: string;
  avatarUrl: string | null;
  portraitUrl: string | null;
  bio: string | null;
  website: string | null;
}

export interface PublicEvent {
  id: string;
  slug: string;
  title: string;
  shortDescription: string | null;
  description: string;
  startTime: string; // ISO 8601
  endTime: string;
  timezone: string;
  location: string;
  locationDetails: string | null;
  room: string | null;
  venue: string | null;
  mode: EventMode;
  priceCents: number;
  earlyBirdPriceCents: number | null;
  earlyBirdEndsAt: string | null;
  currency: string;
  priceUnit: PriceUnit;
  totalSeats: number;
  availableSeats: number;
  isFeatured: boolean;
  status: EventStatus; // visitors only ever see 'published'; admins also drafts ('Entwurf')
  website: string | null;
  imageUrl: string | null;
  media: PublicEventMedia[];
  links: PublicEventLink[];
  tags: string[];
  organizers: PublicOrganizer[];
  /** Sold out, visitors may join the waiting list (docs/product/waiting-list.md#join). */
  waitlistEnabled: boolean;
  /**
   * 'Findet ab {n} Teilnehmenden statt' (docs/product/event-mails.md#minimum-attendance); null = no minimum.
   */
  minParticipants: number | null;
  /**
   * The categories a visitor may book ('Ticketarten', docs/product/ticket-categories.md), with their free seats;
   * the ones only a code unlocks are left out. Always there in the API's answers.
   */
  categories?: PublicTicketCategory[];
  /** The questions asked at checkout (docs/product/ticket-categories.md#questions); only with one event. */
  questions?: EventQuestion[];
  /** The series it is a date of: its page lists the dates (docs/product/event-series.md#series-page). */
  series?: { slug: string; title: string } | null;
}

/** A seat change pushed over server-sent events (GET /api/events/live). */
export interface SeatUpdate {
  eventId: string;
  availableSeats: number;
  totalSeats: number;
}

/** 'Findet ab 5 Teilnehmenden statt' on the event page (docs/product/event-mails.md#minimum-attendance). */
export const minimumAttendanceText = (minimum: number) => `Findet ab ${minimum} Teilnehmenden statt`;
