import { Hono } from 'hono';
import { z } from 'zod';
import { userCreateSchema, userListQuerySchema } from '@shared/admin-users';
import { ROLES } from '@shared/session';
import { deleteAccount, previewAccountDeletion } from '../../core/privacy/delete-account';
import { changeUserRole } from '../../core/users/change-user-role';
import { createUser } from '../../core/users/create-user';
import { listUsers } from '../../core/users/list-users';
import { allow } from '../access';
import type { AppEnv } from '../context';
import { validBody, validInput } from '../validation';

const roleChangeSchema = z.object({
  id: z.string().min(1),
  role: z.enum(ROLES, { error: 'Unbekannte Rolle.' }),
});

// Users (docs/product/admin.md#admin-users): GET ?search= (or q=), POST {email, full_name, role}, PATCH {id,
// role}, DELETE ?id=. Admins only (docs/product/admin.md#three-roles).
export const adminUserRoutes = new Hono<AppEnv>()
  .get('/', allow('admin'), async (c) => {
    const query = validInput(userListQuerySchema, {
      search: c.req.query('search') ?? c.req.query('q'),
      user: c.req.query('user') || undefined,
      page: c.req.query('page') || undefined,
    });
    c.header('Cache-Control', 'no-store');
    return c.json(await listUsers(c.get('deps').database.db, query));
  })
  .post('/', allow('admin'), async (c) => {
    const input = validBody(c, userCreateSchema);
    const created = await createUser({
      db: c.get('deps').database.db,
      email: input.email,
      fullName: input.full_name,
      role: input.role,
    });
    return c.json(created, 201);
  })
  .patch('/', allow('admin'), async (c) => {
    const { id, role } = validBody(c, roleChangeSchema, 'general');
    return c.json(await changeUserRole(c.get('deps').database.db, { userId: id, role }));
  })
  .delete('/', allow('admin'), async (c) => {
    const id = validInput(
      z.string().min(1, 'Bitte eine Benutzer-ID angeben.'),
      c.req.query('id') ?? '',
      'general',
    );
    // the person's own deletion path (docs/product/accounts-and-consent.md#account-deletion)
    const result = await deleteAccount(c.get('deps'), { userId: id });
    return c.json({ ok: true, ...result });
  })
  // what 'Benutzer löschen' will do first: tickets cancelled under their policy, refunds, kept invoices
  .get('/:id/deletion', allow('admin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await previewAccountDeletion(c.get('deps').database.db, c.req.param('id')));
  });
