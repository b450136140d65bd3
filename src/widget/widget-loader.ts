// The booking widget's loader, the one file a host page includes (docs/product/widget.md#loader):
//   <script src="https://shop.example/widget.js" async></script>
//   <div data-ticketshop-widget data-event="slug"></div>
// It finds the elements, asks the shop whether this page may embed it (docs/product/widget.md#origin-check),
// and puts in a frame of the widget's fixed height, the height the snippet's element has reserved from the first
// paint on (docs/product/widget.md#no-layout-shift); the frame then follows the page's height messages. No framework, no
// CSS of its own on the host page: the cards live in the frame (docs/decisions/061-booking-widget.md).
// Built by scripts/build-widget.mjs into dist/web/widget.js; its gzip size is budgeted.
import { WIDGET_HEIGHT, WIDGET_MESSAGE_TYPES, type WidgetCheckAnswer } from '../shared/widget-messages';

const SELECTOR = '[data-ticketshop-widget]';
const MOUNTED = 'data-ticketshop-mounted';
const PREFIX = '[Ticketshop-Widget]';

interface Frame {
  element: HTMLElement;
  iframe: HTMLIFrameElement;
  theme: 'light' | 'dark' | 'auto';
}

export interface WidgetLoader {
  /** Mounts every element not mounted yet (also those a host page adds later). */
  scan(): void;
}

/** The query of the widget page and of the check for one element's data attributes. */
export function widgetQueryOf(element: HTMLElement): URLSearchParams {
  const query = new URLSearchParams();
  const event = element.getAttribute('data-event');
  const organizer = element.getAttribute('data-organizer');
  if (event) query.set('event', event);
  else if (organizer) query.set('organizer', organizer);
  return query;
}

const themeOf = (element: HTMLElement): Frame['theme'] => {
  const value = element.getAttribute('data-theme');
  return value === 'light' || value === 'dark' ? value : 'auto';
};

/** Starts the loader for the shop at `shop` (an origin) on the document of `win`. */
export function startWidgetLoader(win: Window & typeof globalThis, shop: string): WidgetLoader {
  const doc = win.document;
  const frames: Frame[] = [];
  const darkQuery =
    typeof win.matchMedia === 'function' ? win.matchMedia('(prefers-color-scheme: dark)') : null;
  const resolved = (frame: Pick<Frame, 'theme'>): 'light' | 'dark' =>
    frame.theme === 'auto' ? (darkQuery?.matches ? 'dark' : 'light') : frame.theme;

  win.addEventListener('message', (message) => {
    if (message.origin !== shop) return;
    const frame = frames.find((candidate) => candidate.iframe.contentWindow === message.source);
    const data = message.data as { type?: unknown; height?: unknown } | null;
    if (!frame || data?.type !== WIDGET_MESSAGE_TYPES.height || typeof data.height !== 'number') return;
    if (!Number.isFinite(data.height) || data.height < 0) return;
    frame.iframe.style.height = `${Math.ceil(Math.min(data.height, 20_000))}px`;
  });
  darkQuery?.addEventListener?.('change', () => {
    for (const frame of frames) {
      if (frame.theme !== 'auto') continue;
      const theme = resolved(frame);
      frame.iframe.style.colorScheme = theme;
      frame.iframe.contentWindow?.postMessage({ type: WIDGET_MESSAGE_TYPES.theme, theme }, shop);
    }
  });

  // nothing to show on this page: the space the snippet reserved goes too
  const release = (element: HTMLElement) => element.style.removeProperty('min-height');

  const mount = (element: HTMLElement) => {
    element.setAttribute(MOUNTED, '');
    const query = widgetQueryOf(element);
    win
      .fetch(`${shop}/api/widget/check?${query}`, { credentials: 'omit' })
      .then((response) => response.json() as Promise<WidgetCheckAnswer>)
      .then((answer) => {
        if (!answer.allowed) {
          release(element);
          console.error(`${PREFIX} ${answer.message}`);
          return;
        }
        const frame: Frame = { element, iframe: doc.createElement('iframe'), theme: themeOf(element) };
        const theme = resolved(frame);
        query.set('theme', theme);
        const { iframe } = frame;
        iframe.src = `${shop}/widget?${query}`;
        iframe.title = answer.title;
        // the shop's pages may open the booking in a new tab, never navigate the host page
        iframe.setAttribute(
          'sandbox',
          'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox',
        );
        iframe.setAttribute('loading', 'lazy');
        // exactly the reserved height: the page below does not move when the frame comes in; from then on the
        // frame's height is the element's (the page's messages change it only if its content is taller)
        iframe.style.cssText = `display:block;width:100%;border:0;overflow:hidden;color-scheme:${theme};height:${WIDGET_HEIGHT}px`;
        frames.push(frame);
        element.replaceChildren(iframe);
        release(element);
      })
      .catch((error: unknown) => {
        release(element);
        console.error(`${PREFIX} Der Ticketshop ${shop} ist nicht erreichbar:`, error);
      });
  };

  const scan = () => {
    doc.querySelectorAll<HTMLElement>(`${SELECTOR}:not([${MOUNTED}])`).forEach(mount);
  };
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', scan);
  else scan();
  return { scan };
}

declare global {
  interface Window {
    TicketshopWidget?: WidgetLoader;
  }
}

// Runs where the built file is included as a classic script; the shop's origin is where the script came from.
const script = typeof document === 'undefined' ? null : (document.currentScript as HTMLScriptElement | null);
if (script?.src) {
  if (window.TicketshopWidget) window.TicketshopWidget.scan();
  else window.TicketshopWidget = startWidgetLoader(window, new URL(script.src).origin);
}
