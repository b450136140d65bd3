import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { widgetEvents, widgetScopeOf } from '@shared/widget';
import { WIDGET_CARD_HEIGHT, WIDGET_LAYOUT } from '@shared/widget-messages';
import { Button } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/page-title';
import { useSettings } from '@web/lib/settings';
import { useNow } from '@web/lib/use-now';
import { eventsQuery } from './api/get-events';
import { WIDGET_CARD_WIDTH, WidgetEventCard } from './components/widget-event-card';
import { useLiveSeats } from './use-live-seats';
import { useWidgetFrame } from './use-widget-frame';
import { useWidgetRow } from './use-widget-row';

// The frame's document shows only the widget: transparent on the host page, as high as its content (the
// body's full-screen height of the shop's pages would make the frame grow with itself).
const FRAME_STYLE = 'html,body{background:transparent}body{min-height:0}';
// The row scrolls sideways without a scroll bar: its height would differ between systems and move the page.
const ROW_CLASS =
  'flex snap-x snap-mandatory overflow-x-auto overflow-y-hidden overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden';

/**
 * The booking widget's page, inside a host page's frame (docs/product/widget.md#widget-page): the shop's cards of
 * the scope the address names in one row of fixed height (docs/product/widget.md#no-layout-shift), with live
 * seats (docs/product/widget.md#live-seats-in-widget), in the host page's theme; every link opens the shop in a
 * new tab.
 */
export function WidgetPage() {
  const [params] = useSearchParams();
  const scope = widgetScopeOf(params);
  // the visitors' list, also for a signed-in admin who previews it: a host page never shows drafts
  const { data } = useQuery(eventsQuery('public'));
  const now = useNow();
  const { brand } = useSettings();
  const content = useRef<HTMLDivElement>(null);
  const row = useRef<HTMLUListElement>(null);
  usePageTitle('Termine und Tickets');
  useLiveSeats();
  useWidgetFrame(content);
  const events = widgetEvents(data ?? [], scope, now);
  const { back, forward, page } = useWidgetRow(row, events.length);
  const logo = brand.logoLightUrl || brand.logoDarkUrl;
  const darkLogo = brand.logoDarkUrl || brand.logoLightUrl;

  return (
    <div ref={content} className="font-sans text-foreground" data-testid="widget">
      <style>{FRAME_STYLE}</style>
      {events.length ? (
        <ul
          ref={row}
          aria-label="Termine"
          className={ROW_CLASS}
          style={{
            gap: WIDGET_LAYOUT.gapPx,
            paddingBlock: WIDGET_LAYOUT.rowPaddingPx,
            height: WIDGET_CARD_HEIGHT + 2 * WIDGET_LAYOUT.rowPaddingPx,
          }}
        >
          {events.map((event, index) => (
            <WidgetEventCard key={event.id} event={event} now={now} eager={index < 3} />
          ))}
        </ul>
      ) : (
        <div style={{ paddingBlock: WIDGET_LAYOUT.rowPaddingPx }}>
          <p
            className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-border bg-card p-6 text-center text-sm text-muted-foreground"
            style={{ width: WIDGET_CARD_WIDTH, height: WIDGET_CARD_HEIGHT }}
          >
            <CalendarDays className="h-8 w-8" aria-hidden />
            Gerade sind keine Termine buchbar.
          </p>
        </div>
      )}
      <div className="flex items-end justify-between gap-2" style={{ height: WIDGET_LAYOUT.footerPx }}>
        <div className="flex shrink-0 gap-2">
          {(back || forward) && (
            <>
              <Button
                variant="secondary"
                size="icon"
                aria-label="Frühere Termine"
                disabled={!back}
                onClick={() => page(-1)}
              >
                <ChevronLeft className="h-5 w-5" aria-hidden />
              </Button>
              <Button
                variant="secondary"
                size="icon"
                aria-label="Weitere Termine"
                disabled={!forward}
                onClick={() => page(1)}
              >
                <ChevronRight className="h-5 w-5" aria-hidden />
              </Button>
            </>
          )}
        </div>
        {/* on a background of its own: the host page's may be light under a dark widget, or the other way round */}
        <p className="flex h-10 min-w-0 items-center text-xs text-muted-foreground">
          <a
            href="/"
            target="_blank"
            rel="noopener"
            className="inline-flex min-w-0 items-center gap-1.5 whitespace-nowrap rounded-full border border-border bg-card px-3 py-1 hover:underline"
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
                <span className="truncate font-medium text-foreground">{brand.siteName}</span>
              </>
            )}
          </a>
        </p>
      </div>
    </div>
  );
}
