/**
 * The TanStack Query keys that more than one feature reads, writes or invalidates, named once; a feature's
 * own keys stay in its api/ folder. The keys nest on purpose: invalidating `events.all` reaches every list
 * and detail, and the checkout's event by id lives under `events.details`, so live seat updates write into
 * it too (features/events/live-seats-stream.ts).
 */
export const queryKeys = {
  session: ['session'] as const,
  settings: ['settings'] as const,
  profile: ['profile'] as const,
  events: {
    all: ['events'] as const,
    lists: ['events', 'list'] as const,
    /** The viewer is part of the key, so the list is fetched again when an admin signs in or out. */
    list: (viewer: 'admin' | 'public') => ['events', 'list', viewer] as const,
    details: ['events', 'detail'] as const,
    detail: (slug: string) => ['events', 'detail', slug] as const,
    byId: (eventId: string) => ['events', 'detail', 'id', eventId] as const,
  },
  tickets: {
    all: ['tickets'] as const,
    mine: ['tickets', 'mine'] as const,
    /** The user is part of the key, so one user's list never shows for another. */
    mineOf: (userId: string) => ['tickets', 'mine', userId] as const,
  },
  /**
   * Who comes to an event (docs/product/organizer-day.md#participants): the admin area and the organizer area
   * read the list, the door check-in invalidates it.
   */
  participants: {
    all: ['participants'] as const,
    list: (eventId: string) => ['participants', eventId] as const,
  },
  /**
   * The signed-in user's waiting-list entries (docs/product/waiting-list.md#join): the event page, Meine
   * Tickets and the checkout read them; joining, leaving and booking invalidate them.
   */
  waitlist: {
    mine: ['waitlist', 'mine'] as const,
    /** The user is part of the key, so one user's entries never show for another. */
    mineOf: (userId: string) => ['waitlist', 'mine', userId] as const,
  },
  /** The organizer's assigned events (docs/product/organizer-day.md#organizer-area). */
  organizerEvents: ['organizer', 'events'] as const,
};
