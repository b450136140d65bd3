import { Hono } from 'hono';
import { z } from 'zod';
import { ACCOUNT_DELETION_CONFIRM_WORD, PRIVACY_MESSAGES } from '@shared/privacy';
import { signOut } from '../../core/auth/sign-in';
import { deleteAccount, previewAccountDeletion } from '../../core/privacy/delete-account';
import { allow, userOf } from '../access';
import type { AppEnv } from '../context';
import { copyCookies } from '../cookies';
import { validBody } from '../validation';

const confirmSchema = z.object({
  confirm: z.literal(ACCOUNT_DELETION_CONFIRM_WORD, { error: PRIVACY_MESSAGES.confirmWord }),
});

// 'Konto löschen' in 'Mein Profil' (docs/product/accounts-and-consent.md#account-deletion): what it will do,
// and the deletion, confirmed by the typed word. Only ever the caller's own account.
export const accountDeletionRoutes = new Hono<AppEnv>()
  .get('/deletion', allow('user'), async (c) => {
    const user = await userOf(c);
    c.header('Cache-Control', 'no-store');
    return c.json(await previewAccountDeletion(c.get('deps').database.db, user.id));
  })
  .delete('/', allow('user'), async (c) => {
    validBody(c, confirmSchema);
    const user = await userOf(c);
    const deps = c.get('deps');
    const result = await deleteAccount(deps, { userId: user.id });
    // the sessions went with the account; this clears the browser's cookie
    copyCookies(c, await signOut(deps, { userId: null, headers: c.req.raw.headers }));
    return c.json(result);
  });
