import type { PublicOrganizer } from '@shared/events';
import type { profiles } from '../../db/schema';

type ProfileRow = Pick<
  typeof profiles.$inferSelect,
  'id' | 'displayName' | 'fullName' | 'avatarUrl' | 'portraitUrl' | 'bio' | 'website'
>;

/**
 * An organizer in public: display name, avatar, bio and website, never e-mail or phone
 * (docs/product/admin.md#public-organizers).
 * The display name falls back to the full name, which organizers enter at onboarding.
 */
export function toPublicOrganizer(profile: ProfileRow): PublicOrganizer {
  return {
    id: profile.id,
    displayName: profile.displayName?.trim() || profile.fullName?.trim() || 'Veranstalter',
    avatarUrl: profile.avatarUrl,
    portraitUrl: profile.portraitUrl,
    bio: profile.bio,
    website: profile.website,
  };
}
