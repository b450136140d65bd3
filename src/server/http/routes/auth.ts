import { Hono, type Context } from 'hono';
import {
  sendCodeSchema,
  sendMagicLinkSchema,
  verifyCodeSchema,
  verifyMagicLinkSchema,
} from '@shared/auth-schemas';
import {
  sendMagicLink,
  sendSignInCode,
  signOut,
  verifyMagicLink,
  verifySignInCode,
} from '../../core/auth/sign-in';
import { allow, currentSession } from '../access';
import type { AppEnv } from '../context';
import { clientIp } from '../client-ip';
import { copyCookies } from '../cookies';
import { validBody } from '../validation';

/** What core/auth/sign-in.ts needs of the request: the client's address and its headers (cookies, origin). */
const fromClient = (c: Context<AppEnv>) => ({ clientIp: clientIp(c), headers: c.req.raw.headers });

export const authRoutes = new Hono<AppEnv>()
  .post('/code/send', allow('public'), async (c) => {
    const { email } = validBody(c, sendCodeSchema, 'general');
    await sendSignInCode(c.get('deps'), { ...fromClient(c), email });
    return c.json({ ok: true });
  })
  .post('/code/verify', allow('public'), async (c) => {
    const { email, code } = validBody(c, verifyCodeSchema, 'general');
    const setCookies = (headers: Headers) => copyCookies(c, headers);
    await verifySignInCode(c.get('deps'), { ...fromClient(c), email, code, setCookies });
    return c.json({ ok: true });
  })
  .post('/magic-link/send', allow('public'), async (c) => {
    const { email } = validBody(c, sendMagicLinkSchema, 'general');
    await sendMagicLink(c.get('deps'), { ...fromClient(c), email });
    return c.json({ ok: true });
  })
  .post('/magic-link/verify', allow('public'), async (c) => {
    const { token } = validBody(c, verifyMagicLinkSchema, 'general');
    const setCookies = (headers: Headers) => copyCookies(c, headers);
    await verifyMagicLink(c.get('deps'), { ...fromClient(c), token, setCookies });
    return c.json({ ok: true });
  })
  .post('/sign-out', allow('public'), async (c) => {
    const current = await currentSession(c);
    const headers = await signOut(c.get('deps'), {
      userId: current?.user.id ?? null,
      headers: c.req.raw.headers,
    });
    copyCookies(c, headers);
    return c.json({ ok: true });
  });
