import { Hono } from 'hono';
import type { AppEnv } from '../app';

/** Public settings the client needs (spec visitor §3); secrets never live here. */
export const settingsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const settings = await c.get('deps').settings.get();
  c.header('Cache-Control', 'no-cache');
  return c.json(settings);
});
