// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WIDGET_HEIGHT, WIDGET_MESSAGE_TYPES } from '../../src/shared/widget-messages';
import { startWidgetLoader } from '../../src/widget/widget-loader';

// The loader on a host page (docs/product/widget.md#loader, docs/product/widget.md#origin-check).
const SHOP = 'https://shop.example';

function answer(body: unknown) {
  return vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
  );
}
// the element as the settings card prints it: the widget's height reserved (docs/product/widget.md#no-layout-shift)
const RESERVED = `style="min-height:${WIDGET_HEIGHT}px"`;
const frames = () => [...document.querySelectorAll('iframe')];

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('widget.js', () => {
  it('asks the shop, then puts a sized, sandboxed frame of the scope into each element', async () => {
    document.body.innerHTML = `<div data-ticketshop-widget data-event="achtsam-streiten" data-theme="dark" ${RESERVED}></div><div data-ticketshop-widget data-organizer="org-1"></div>`;
    const fetch = answer({ allowed: true, count: 3, title: 'Termine und Tickets – Wachstumsraum' });
    vi.stubGlobal('fetch', fetch);
    startWidgetLoader(window, SHOP);
    await vi.waitFor(() => expect(frames()).toHaveLength(2));
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      `${SHOP}/api/widget/check?event=achtsam-streiten`,
      `${SHOP}/api/widget/check?organizer=org-1`,
    ]);
    const [one, organizer] = frames();
    expect(one!.src).toBe(`${SHOP}/widget?event=achtsam-streiten&theme=dark`);
    expect(organizer!.src).toBe(`${SHOP}/widget?organizer=org-1&theme=light`);
    expect(one!.title).toBe('Termine und Tickets – Wachstumsraum');
    expect(one!.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    );
    // the frame comes in at exactly the height the element reserved, which it then hands over to the frame
    expect(one!.style.height).toBe(`${WIDGET_HEIGHT}px`);
    expect(organizer!.style.height).toBe(`${WIDGET_HEIGHT}px`);
    expect(document.querySelectorAll<HTMLElement>('[data-ticketshop-widget]')[0]!.style.minHeight).toBe('');
  });

  it("takes the height the shop's page reports, from that frame only", async () => {
    document.body.innerHTML = '<div data-ticketshop-widget></div>';
    vi.stubGlobal('fetch', answer({ allowed: true, count: 1, title: 'Termine' }));
    startWidgetLoader(window, SHOP);
    await vi.waitFor(() => expect(frames()).toHaveLength(1));
    const frame = frames()[0]!;
    const post = (origin: string, source: MessageEventSource | null, height: unknown) =>
      window.dispatchEvent(
        new MessageEvent('message', { origin, source, data: { type: WIDGET_MESSAGE_TYPES.height, height } }),
      );
    post(SHOP, frame.contentWindow, 612.4);
    expect(frame.style.height).toBe('613px');
    post('https://evil.example', frame.contentWindow, 10);
    post(SHOP, window, 10);
    post(SHOP, frame.contentWindow, 'hoch');
    expect(frame.style.height).toBe('613px');
  });

  it('renders nothing on a site that is not allowed and says why on the console', async () => {
    document.body.innerHTML = `<div data-ticketshop-widget ${RESERVED}>Termine laden …</div>`;
    const message = 'Diese Website (https://fremd.example) darf das Buchungs-Widget nicht einbinden.';
    vi.stubGlobal('fetch', answer({ allowed: false, message }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startWidgetLoader(window, SHOP);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(`[Ticketshop-Widget] ${message}`));
    expect(frames()).toHaveLength(0);
    // nothing to show: the reserved space goes too
    expect(document.querySelector<HTMLElement>('[data-ticketshop-widget]')!.style.minHeight).toBe('');
  });

  it('renders nothing and frees the space when the shop cannot be reached', async () => {
    document.body.innerHTML = `<div data-ticketshop-widget ${RESERVED}></div>`;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    startWidgetLoader(window, SHOP);
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        `[Ticketshop-Widget] Der Ticketshop ${SHOP} ist nicht erreichbar:`,
        expect.any(TypeError),
      ),
    );
    expect(frames()).toHaveLength(0);
    expect(document.querySelector<HTMLElement>('[data-ticketshop-widget]')!.style.minHeight).toBe('');
  });

  it('mounts elements added later once', async () => {
    vi.stubGlobal('fetch', answer({ allowed: true, count: 0, title: 'Termine' }));
    const loader = startWidgetLoader(window, SHOP);
    document.body.innerHTML = '<div data-ticketshop-widget></div>';
    loader.scan();
    loader.scan();
    await vi.waitFor(() => expect(frames()).toHaveLength(1));
    // no cards: the widget keeps its height (an empty card says so), nothing below moves
    expect(frames()[0]!.style.height).toBe(`${WIDGET_HEIGHT}px`);
  });
});
