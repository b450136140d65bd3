import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, PROFILE_IMAGE_KINDS } from '@shared/image-upload';
import type { EmailChangeAnswer, EmailChangeConfirmAnswer } from '@shared/profile';
import {
  consentChangeSchema,
  consentPurposeSchema,
  emailChangeConfirmSchema,
  emailChangeSchema,
  onboardingSchema,
  profileUpdateSchema,
} from '@shared/profile-schemas';
import { changeEmail, openEmailChangeLink } from '../../core/profiles/change-email';
import { completeOnboarding } from '../../core/profiles/complete-onboarding';
import { getProfile } from '../../core/profiles/get-profile';
import { setConsent } from '../../core/profiles/set-consent';
import { updateProfile } from '../../core/profiles/update-profile';
import { uploadProfileImage } from '../../core/profiles/upload-profile-image';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { clientIp } from '../client-ip';
import { uploadedFile, uploadLimit } from '../upload-limit';
import { validBody, validInput } from '../validation';

const noStore = (c: Context) => c.header('Cache-Control', 'no-store');

// Onboarding and 'Mein Profil', also the extended profile of admins and organizers
// (docs/product/accounts-and-consent.md#profile-and-onboarding).
// Everything is about the caller's own profile: there is no user id in any path.
export const profileRoutes = new Hono<AppEnv>()
  .get('/', allow('user'), async (c) => {
    const user = await userOf(c);
    noStore(c);
    return c.json(await getProfile({ db: c.get('deps').database.db, userId: user.id }));
  })
  .patch('/', allow('user'), async (c) => {
    const update = validBody(c, profileUpdateSchema);
    const user = await userOf(c);
    return c.json(await updateProfile({ db: c.get('deps').database.db, user, update }));
  })
  .post('/onboarding', allow('user'), async (c) => {
    const input = validBody(c, onboardingSchema);
    const user = await userOf(c);
    return c.json(await completeOnboarding({ db: c.get('deps').database.db, userId: user.id, ...input }));
  })
  .put('/consents/:purpose', allow('user'), async (c) => {
    const purpose = validInput(consentPurposeSchema, c.req.param('purpose'), 'general');
    const { granted } = validBody(c, consentChangeSchema);
    const user = await userOf(c);
    return c.json(await setConsent({ db: c.get('deps').database.db, userId: user.id, purpose, granted }));
  })
  .post('/email-change', allow('user'), async (c) => {
    const { email } = validBody(c, emailChangeSchema);
    const user = await userOf(c);
    const { pending } = await changeEmail(c.get('deps'), { userId: user.id, email });
    return c.json({ ok: true, pending } satisfies EmailChangeAnswer);
  })
  // The link may be opened signed out, or in another browser: the token alone proves it.
  .post('/email-change/confirm', allow('public'), async (c) => {
    const { token } = validBody(c, emailChangeConfirmSchema);
    const { email } = await openEmailChangeLink(c.get('deps'), { token, clientIp: clientIp(c) });
    return c.json({ ok: true, email } satisfies EmailChangeConfirmAnswer);
  })
  .post(
    '/images/:kind',
    allow('user'),
    // Checked before the body is read, instead of the 1 MB JSON limit (upload-limit.ts).
    uploadLimit(IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE),
    async (c) => {
      const kinds = z.enum(PROFILE_IMAGE_KINDS, { error: 'Unbekannte Bildart.' });
      const kind = validInput(kinds, c.req.param('kind'), 'general');
      const user = await userOf(c);
      const bytes = await uploadedFile(c);
      const { database, storage } = c.get('deps');
      return c.json(await uploadProfileImage({ db: database.db, storage, user, kind, bytes }));
    },
  );
