import { Hono } from 'hono';
import type { AppEnv } from '../app';

// Until sign-in lands (issue 3) every visitor is signed out; the client's guards already read this.
export const sessionRoutes = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ user: null });
});
