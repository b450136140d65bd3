import { relations } from 'drizzle-orm';
import { eventLinks, eventMedia, eventTags, tags } from './event-content';
import { eventOrganizers, events } from './events';
import { profiles } from './profiles';
import { eventSeries } from './series';

// Relations only feed Drizzle's relational queries (`db.query.events.findMany({ with: … })`); the foreign
// keys themselves are declared on the tables. Only the public event list (core/events/load-public-events.ts)
// queries this way, so only its relations are declared: each `many` with the `one` on the other side that
// Drizzle pairs it with. Add one here when a query needs it.

export const eventRelations = relations(events, ({ many, one }) => ({
  media: many(eventMedia),
  links: many(eventLinks),
  tags: many(eventTags),
  organizers: many(eventOrganizers),
  series: one(eventSeries, { fields: [events.seriesId], references: [eventSeries.id] }),
}));

export const eventOrganizerRelations = relations(eventOrganizers, ({ one }) => ({
  event: one(events, { fields: [eventOrganizers.eventId], references: [events.id] }),
  profile: one(profiles, { fields: [eventOrganizers.userId], references: [profiles.id] }),
}));

export const eventMediaRelations = relations(eventMedia, ({ one }) => ({
  event: one(events, { fields: [eventMedia.eventId], references: [events.id] }),
}));

export const eventLinkRelations = relations(eventLinks, ({ one }) => ({
  event: one(events, { fields: [eventLinks.eventId], references: [events.id] }),
}));

export const eventTagRelations = relations(eventTags, ({ one }) => ({
  event: one(events, { fields: [eventTags.eventId], references: [events.id] }),
  tag: one(tags, { fields: [eventTags.tagId], references: [tags.id] }),
}));
