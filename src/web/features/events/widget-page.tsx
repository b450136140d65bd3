import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { widgetEvents, widgetScopeOf } from '@shared/widget';
import { WIDGET_LAYOUT } from '@shared/widget-messages';
import { usePageTitle } from '@web/lib/page-title';
import { useSettings } from '@web/lib/settings';
import { useNow } from '@web/lib/use-now';
import { eventsQuery } from './api/get-events';
import { WidgetEventCard } from './components/widget-event-card';
import { useLiveSeats } from './use-live-seats';
import { useWidgetFrame } from './use-widget-frame';

// The frame's document shows only the cards: transparent on the host page, as high as its content (the
// body's full-screen height of the shop's pages would make the frame grow with itself).
const FRAME_STYLE = 'html,body{background:transparent}body{min-height:0}';

/**
 * The booking widget's page, inside a host page's frame (docs/product/widget.md#widget-page): the shop's cards of
 * the scope the address names, with live seats (docs/product/widget.md#live-seats-in-widget), in the host page's
 * theme; every link opens the shop in a new tab.
 */
export function WidgetPage() {
  const [params] = useSearchParams();
  const scope = widgetScopeOf(params);
  // the visitors' list, also for a signed-in admin who previews it: a host page never shows drafts
  const { data } = useQuery(eventsQuery('public'));
  const now = useNow();
  const { brand } = useSettings();
  const content = useRef<HTMLDivElement>(null);
  usePageTitle('Termine und Tickets');
  useLiveSeats();
  useWidgetFrame(content);
  const events = widgetEvents(data ?? [], scope, now);
  const logo = brand.logoLightUrl || brand.logoDarkUrl;
  const darkLogo = brand.logoDarkUrl || brand.logoLightUrl;

  return (
    <div ref={content} className="font-sans text-foreground" data-testid="widget">
      <style>{FRAME_STYLE}</style>
      {events.length ? (
        <ul
          className="grid"
          style={{
            gap: WIDGET_LAYOUT.gapPx,
            gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${WIDGET_LAYOUT.minColumnPx}px), 1fr))`,
          }}
        >
          {events.map((event, index) => (
            <WidgetEventCard key={event.id} event={event} now={now} eager={index < 3} />
          ))}
        </ul>
      ) : (
        <p
          className="flex items-center justify-center rounded-xl border border-border bg-card p-6 text-sm text-muted-foreground"
          style={{ height: WIDGET_LAYOUT.emptyPx - WIDGET_LAYOUT.footerPx }}
        >
          Gerade sind keine Termine buchbar.
        </p>
      )}
      <p
        className="flex items-center justify-end gap-2 text-xs text-muted-foreground"
        style={{ height: WIDGET_LAYOUT.footerPx }}
      >
        <a
          href="/"
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 hover:underline"
        >
          Tickets über
          {logo ? (
            <>
              <img src={logo} alt={brand.siteName} className="h-4 w-auto dark:hidden" />
              <img src={darkLogo} alt={brand.siteName} className="hidden h-4 w-auto dark:inline" />
            </>
          ) : (
            <>
              <img src="/logo.svg" alt="" width={16} height={16} className="h-4 w-4" />
              <span className="font-medium text-foreground">{brand.siteName}</span>
            </>
          )}
        </a>
      </p>
    </div>
  );
}
