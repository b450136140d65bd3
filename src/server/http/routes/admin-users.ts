import { Hono } from 'hono';
import { z } from 'zod';
import { ROLES } from '@shared/session';
import { changeUserRole, deleteUser } from '../../core/users/change-user-role';
import { allow } from '../access';
import type { AppEnv } from '../app';
import { bodyOf } from '../json-body';

const roleChangeSchema = z.object({
  id: z.string().min(1),
  role: z.enum(ROLES, { error: 'Unbekannte Rolle.' }),
});

// spec admin §7 'Admin users endpoint': PATCH {id, role}; DELETE ?id=. Admins only (DESIGN §4).
export const adminUserRoutes = new Hono<AppEnv>()
  .patch('/', allow('admin'), async (c) => {
    const { id, role } = bodyOf(c, roleChangeSchema);
    return c.json(await changeUserRole(c.get('deps').database.db, { userId: id, role }));
  })
  .delete('/', allow('admin'), async (c) => {
    const id = z
      .string()
      .min(1, 'Bitte eine Benutzer-ID angeben.')
      .parse(c.req.query('id') ?? '');
    await deleteUser(c.get('deps').database.db, { userId: id });
    return c.json({ ok: true });
  });
