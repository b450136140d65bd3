import { Hono } from 'hono';
import { createApiKeySchema } from '@shared/api-keys';
import { createApiKey } from '../../core/api-keys/create-api-key';
import { listApiKeys } from '../../core/api-keys/list-api-keys';
import { revokeApiKey } from '../../core/api-keys/revoke-api-key';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { validBody } from '../validation';

// Settings → 'API-Schlüssel' (docs/product/api.md#keys). Admins only, with their session (the keys
// themselves open only /api/v1).
export const adminApiKeyRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ keys: await listApiKeys({ db: c.get('deps').database.db }) });
  })
  .post('/', allow('admin'), async (c) => {
    const user = await userOf(c);
    const input = validBody(c, createApiKeySchema);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await createApiKey({ db: c.get('deps').database.db, actor: user, input }), 201);
  })
  .post('/:id/revoke', allow('admin'), async (c) => {
    const user = await userOf(c);
    const key = await revokeApiKey({ db: c.get('deps').database.db, actor: user, keyId: c.req.param('id') });
    return c.json({ key });
  });
