import { relations } from 'drizzle-orm';
import { user } from './accounts';
import { bookings } from './bookings';
import { eventLinks, eventMedia, eventTags, tags } from './event-content';
import { eventOrganizers, events } from './events';
import { payments, refunds } from './payments';
import { cancellationPolicies, cancellationPolicyRules } from './policies';
import { profiles } from './profiles';
import { ticketPreviews, tickets } from './tickets';

// Relations only feed Drizzle's relational queries (`db.query.events.findMany({ with: … })`);
// the foreign keys themselves are declared on the tables.

export const userRelations = relations(user, ({ one }) => ({
  profile: one(profiles, { fields: [user.id], references: [profiles.id] }),
}));

export const profileRelations = relations(profiles, ({ one, many }) => ({
  user: one(user, { fields: [profiles.id], references: [user.id] }),
  bookings: many(bookings),
  tickets: many(tickets),
}));

export const eventRelations = relations(events, ({ one, many }) => ({
  cancellationPolicy: one(cancellationPolicies, {
    fields: [events.cancellationPolicyId],
    references: [cancellationPolicies.id],
  }),
  media: many(eventMedia),
  links: many(eventLinks),
  tags: many(eventTags),
  organizers: many(eventOrganizers),
  bookings: many(bookings),
  tickets: many(tickets),
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

export const tagRelations = relations(tags, ({ many }) => ({ events: many(eventTags) }));

export const eventTagRelations = relations(eventTags, ({ one }) => ({
  event: one(events, { fields: [eventTags.eventId], references: [events.id] }),
  tag: one(tags, { fields: [eventTags.tagId], references: [tags.id] }),
}));

export const bookingRelations = relations(bookings, ({ one, many }) => ({
  event: one(events, { fields: [bookings.eventId], references: [events.id] }),
  profile: one(profiles, { fields: [bookings.profileId], references: [profiles.id] }),
  tickets: many(tickets),
  payments: many(payments),
  refunds: many(refunds),
}));

export const ticketRelations = relations(tickets, ({ one }) => ({
  booking: one(bookings, { fields: [tickets.bookingId], references: [bookings.id] }),
  event: one(events, { fields: [tickets.eventId], references: [events.id] }),
  profile: one(profiles, { fields: [tickets.profileId], references: [profiles.id] }),
  preview: one(ticketPreviews, { fields: [tickets.id], references: [ticketPreviews.ticketId] }),
}));

export const paymentRelations = relations(payments, ({ one, many }) => ({
  booking: one(bookings, { fields: [payments.bookingId], references: [bookings.id] }),
  refunds: many(refunds),
}));

export const refundRelations = relations(refunds, ({ one }) => ({
  payment: one(payments, { fields: [refunds.paymentId], references: [payments.id] }),
  booking: one(bookings, { fields: [refunds.bookingId], references: [bookings.id] }),
  ticket: one(tickets, { fields: [refunds.ticketId], references: [tickets.id] }),
}));

export const cancellationPolicyRelations = relations(cancellationPolicies, ({ many }) => ({
  rules: many(cancellationPolicyRules),
  events: many(events),
}));

export const cancellationPolicyRuleRelations = relations(cancellationPolicyRules, ({ one }) => ({
  policy: one(cancellationPolicies, {
    fields: [cancellationPolicyRules.policyId],
    references: [cancellationPolicies.id],
  }),
}));
