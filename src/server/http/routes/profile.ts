import { Hono, type Context } from 'hono';
import { z, ZodError } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, PROFILE_IMAGE_KINDS } from '@shared/image-upload';
import {
  consentChangeSchema,
  consentPurposeSchema,
  emailChangeConfirmSchema,
  emailChangeSchema,
  onboardingSchema,
  profileUpdateSchema,
  type EmailChangeAnswer,
  type EmailChangeConfirmAnswer,
} from '@shared/profile';
import { AppError } from '../../core/app-error';
import { enforceRateLimits } from '../../core/auth/rate-limit';
import { mailContextFrom } from '../../core/mail/templates/mail-context';
import { completeOnboarding } from '../../core/profiles/complete-onboarding';
import { confirmEmailChange } from '../../core/profiles/confirm-email-change';
import { getProfile } from '../../core/profiles/get-profile';
import { requestEmailChange } from '../../core/profiles/request-email-change';
import { setConsent } from '../../core/profiles/set-consent';
import { updateProfile } from '../../core/profiles/update-profile';
import { uploadProfileImage } from '../../core/profiles/upload-profile-image';
import { allow, userOf } from '../access';
import type { AppEnv } from '../app';
import { clientIp } from '../client-ip';
import { bodyOf } from '../json-body';
import { uploadLimit } from '../upload-limit';

/** Like bodyOf, but the answer's message is the first problem's German text (shown inline by the client). */
function validBody<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  try {
    return bodyOf(c, schema);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    const details = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw new AppError('validation_failed', details[0]?.message ?? 'Bitte Eingaben prüfen.', details);
  }
}

const noStore = (c: Context) => c.header('Cache-Control', 'no-store');

// spec visitor §2 'Onboarding', 'Profile'; spec admin §2 'Profile page for admins and organizers'.
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
    const purpose = consentPurposeSchema.parse(c.req.param('purpose'));
    const { granted } = validBody(c, consentChangeSchema);
    const user = await userOf(c);
    return c.json(await setConsent({ db: c.get('deps').database.db, userId: user.id, purpose, granted }));
  })
  .post('/email-change', allow('user'), async (c) => {
    const { email } = validBody(c, emailChangeSchema);
    const user = await userOf(c);
    const { database, settings, config, outbox } = c.get('deps');
    // Each request mails an address the caller chose: limited like the sign-in mails.
    await enforceRateLimits(database.db, [
      { key: `email-change:user:${user.id}`, max: 5, windowSeconds: 3600 },
    ]);
    const mailContext = mailContextFrom(await settings.get(), config);
    const { pending } = await requestEmailChange({
      db: database.db,
      userId: user.id,
      newEmail: email,
      mailContext,
    });
    if (pending) outbox.kick();
    return c.json({ ok: true, pending } satisfies EmailChangeAnswer);
  })
  // The link may be opened signed out, or in another browser: the token alone proves it.
  .post('/email-change/confirm', allow('public'), async (c) => {
    const { token } = validBody(c, emailChangeConfirmSchema);
    const { database } = c.get('deps');
    await enforceRateLimits(database.db, [
      { key: `email-change-confirm:client:${clientIp(c)}`, max: 30, windowSeconds: 600 },
    ]);
    const { email } = await confirmEmailChange({ db: database.db, token });
    return c.json({ ok: true, email } satisfies EmailChangeConfirmAnswer);
  })
  .post(
    '/images/:kind',
    allow('user'),
    // Checked before the body is read; app.ts exempts this path from the 1 MB JSON limit (upload-limit.ts).
    uploadLimit(IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE),
    async (c) => {
      const kind = z.enum(PROFILE_IMAGE_KINDS, { error: 'Unbekannte Bildart.' }).parse(c.req.param('kind'));
      const user = await userOf(c);
      const file = await fileOf(c);
      const { database, storage } = c.get('deps');
      const bytes = Buffer.from(await file.arrayBuffer());
      return c.json(await uploadProfileImage({ db: database.db, storage, user, kind, bytes }));
    },
  );

async function fileOf(c: Context): Promise<Blob> {
  const form = await c.req.formData().catch(() => null);
  const file = form?.get('file');
  if (!file || typeof file === 'string') {
    throw new AppError('bad_request', 'Bitte eine Bilddatei im Feld „file“ senden.');
  }
  return file;
}
