import { Hono } from 'hono';
import { z } from 'zod';
import { emailSchema } from '@shared/auth-schemas';
import { enqueueMail } from '../../core/mail/enqueue-mail';
import { adminCreatedMail } from '../../core/mail/templates/admin-created';
import { mailContextFrom } from '../../core/mail/templates/mail-context';
import { createOwner } from '../../core/setup/create-owner';
import { allow } from '../access';
import type { AppEnv } from '../app';
import { bodyOf } from '../json-body';
import { enforceRateLimits } from '../../core/auth/rate-limit';
import { clientIp } from '../client-ip';

// spec admin §5 'Owner setup: e-mail and token required'.
const ownerSchema = z.object({
  email: emailSchema,
  full_name: z.string().trim().max(200).optional(),
  token: z
    .string({ error: 'Bitte den Einrichtungs-Token angeben.' })
    .trim()
    .min(1, 'Bitte den Einrichtungs-Token angeben.')
    .max(2000),
});

export const setupRoutes = new Hono<AppEnv>().post('/owner', allow('public'), async (c) => {
  const input = bodyOf(c, ownerSchema);
  const { database, config, settings, outbox } = c.get('deps');
  await enforceRateLimits(database.db, [{ key: `setup:client:${clientIp(c)}`, max: 10, windowSeconds: 600 }]);
  const context = mailContextFrom(await settings.get(), config);
  await createOwner(
    database.db,
    config.appSecret,
    { email: input.email, fullName: input.full_name, token: input.token },
    (tx, owner) =>
      enqueueMail(tx, {
        to: owner.email,
        ...adminCreatedMail({ context, email: owner.email, name: input.full_name ?? '' }),
      }).then(() => undefined),
  );
  outbox.kick();
  return c.json({
    ok: true,
    message: 'Admin-Benutzer erstellt. Bitte prüfen Sie Ihr E-Mail-Postfach und melden Sie sich an.',
  });
});
