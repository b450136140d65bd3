import { Hono } from 'hono';
import { widgetScopeOf } from '@shared/widget';
import { checkWidgetOrigin } from '../../core/settings/widget-frame';
import { allow } from '../access';
import type { AppEnv } from '../context';

/**
 * GET /api/widget/check: the loader's question before it inserts the booking widget's frame
 * (docs/product/widget.md#origin-check). Readable by every site (the answer is no secret: which site may embed
 * is also in the widget page's CSP); it varies by the asking page's Origin.
 */
export const widgetRoutes = new Hono<AppEnv>().get('/check', allow('public'), async (c) => {
  const { settings, publicEvents, config } = c.get('deps');
  const [current, snapshot] = await Promise.all([settings.get(), publicEvents.snapshot()]);
  const answer = checkWidgetOrigin({
    origin: c.req.header('Origin'),
    settings: current,
    shopOrigin: new URL(config.publicUrl).origin,
    events: snapshot.events,
    scope: widgetScopeOf(new URL(c.req.url).searchParams),
    now: new Date(),
  });
  c.header('Access-Control-Allow-Origin', '*');
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  c.header('Cache-Control', 'no-cache');
  c.header('Vary', 'Origin');
  return c.json(answer);
});
