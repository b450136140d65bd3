import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgEnum, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '@shared/session';
import { user } from './accounts';
import { createdAt, timestamptz, updatedAt, type JsonObject } from './columns';

export const profileRole = pgEnum('profile_role', ROLES);

/**
 * One per user (same id). `role` here is what the shop authorises
 * with; better-auth's `user.role` (admin plugin) must be kept in step by the code that changes roles.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    fullName: text('full_name'),
    displayName: text('display_name'),
    phone: text('phone'),
    role: profileRole('role').notNull().default('attendee'),
    isVerified: boolean('is_verified').notNull().default(false),
    preferences: jsonb('preferences').$type<JsonObject>().notNull().default({}),
    avatarUrl: text('avatar_url'),
    portraitUrl: text('portrait_url'),
    website: text('website'),
    bio: text('bio'),
    onboardingCompletedAt: timestamptz('onboarding_completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Not unique: user.email is the unique login; this copy only serves lookups and lists.
  (t) => [index('profiles_email_idx').on(sql`lower(${t.email})`), index('profiles_role_idx').on(t.role)],
);

/**
 * Notification preferences; email_confirmed is set when a code or link is used
 * (docs/product/accounts-and-consent.md#sign-in-confirms-email).
 */
export const userNotificationPreferences = pgTable('user_notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  emailConfirmed: boolean('email_confirmed').notNull().default(false),
  confirmedAt: timestamptz('confirmed_at'),
  globalMarketingEnabled: boolean('global_marketing_enabled').notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * One row per user and purpose (e.g. 'dsgvo', 'marketing';
 * docs/product/accounts-and-consent.md#consent-purposes); a renewed consent updates the row. Version, exact
 * text and time are kept as German law expects proof of consent.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    granted: boolean('granted').notNull(),
    version: text('version').notNull().default('v1'),
    consentText: text('consent_text'),
    metadata: jsonb('metadata').$type<JsonObject>().notNull().default({}),
    givenAt: timestamptz('given_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    unique('consents_user_id_purpose_unique').on(t.userId, t.purpose),
    check('consents_purpose_not_blank', sql`length(trim(${t.purpose})) > 0`),
  ],
);
