import { Hono } from 'hono';
import type { SessionState } from '@shared/session';
import { allow, currentSession } from '../access';
import type { AppEnv } from '../context';

export const sessionRoutes = new Hono<AppEnv>().get('/', allow('public'), async (c) => {
  const current = await currentSession(c);
  c.header('Cache-Control', 'no-store');
  return c.json({ user: current?.user ?? null } satisfies SessionState);
});
