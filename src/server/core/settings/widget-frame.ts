import type { PublicEvent } from '@shared/events';
import type { AppSettings } from '@shared/settings';
import {
  normalizeOrigin,
  widgetEvents,
  widgetOriginAllowed,
  WIDGET_MESSAGES,
  type WidgetScope,
} from '@shared/widget';
import type { WidgetCheckAnswer } from '@shared/widget-messages';

/**
 * What the loader on a host page learns before it inserts the frame (docs/product/widget.md#origin-check):
 * whether the asking page may embed the widget, how many cards the frame will show and its title. Browsers send `Origin` with every cross-origin fetch and a page cannot set it; a request without one
 * is a same-origin GET (the shop's own preview) or no browser at all, where framing is what counts, and
 * `frame-ancestors` decides that (docs/product/widget.md#frame-ancestors).
 */
export function checkWidgetOrigin(input: {
  origin: string | undefined;
  settings: AppSettings;
  shopOrigin: string;
  events: PublicEvent[];
  scope: WidgetScope;
  now: Date;
}): WidgetCheckAnswer {
  const { origin, settings, shopOrigin } = input;
  if (origin !== undefined && !widgetOriginAllowed(origin, settings.widget, shopOrigin)) {
    return { allowed: false, message: WIDGET_MESSAGES.notAllowed(origin) };
  }
  return {
    allowed: true,
    count: widgetEvents(input.events, input.scope, input.now).length,
    title: `Termine und Tickets – ${settings.brand.siteName}`,
  };
}

// Only origins that pass the card's check again: a hand-edited row must never put `;` or `*` into a header.
/** The widget page's `frame-ancestors`: the shop itself (the settings card's preview) and the allowed sites. */
export const widgetFrameAncestors = (settings: AppSettings): string[] => [
  "'self'",
  ...settings.widget.allowedOrigins.filter((origin) => {
    const checked = normalizeOrigin(origin);
    return 'origin' in checked && checked.origin === origin;
  }),
];
