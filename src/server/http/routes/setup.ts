import { Hono } from 'hono';
import { z } from 'zod';
import { emailSchema } from '@shared/auth-schemas';
import { setUpOwner } from '../../core/setup/set-up-owner';
import { allow } from '../access';
import type { AppEnv } from '../context';
import { clientIp } from '../client-ip';
import { validBody } from '../validation';

// The owner setup needs an e-mail and the token (docs/product/admin.md#owner-setup).
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
  const input = validBody(c, ownerSchema, 'general');
  await setUpOwner(c.get('deps'), {
    email: input.email,
    fullName: input.full_name,
    token: input.token,
    clientIp: clientIp(c),
  });
  return c.json({
    ok: true,
    message: 'Admin-Benutzer erstellt. Bitte prüfen Sie Ihr E-Mail-Postfach und melden Sie sich an.',
  });
});
