// What the loader on a host page (src/widget/widget-loader.ts) and the shop exchange
// (docs/product/widget.md#loader). Free of zod and of anything else: the loader's whole size is budgeted.

/** Messages between the loader and the widget page in its frame. */
export const WIDGET_MESSAGE_TYPES = {
  /** widget page → loader: the height of its content, in CSS pixels. */
  height: 'ticketshop-widget:height',
  /** loader → widget page: the host page's colour scheme changed. */
  theme: 'ticketshop-widget:theme',
} as const;

/** GET /api/widget/check: may the asking page embed the widget, and what does its frame show. */
export type WidgetCheckAnswer =
  { allowed: true; count: number; title: string } | { allowed: false; message: string };

/** The layout the widget page uses and the loader reserves before the page has said its height. */
export const WIDGET_LAYOUT = {
  /** The narrowest column of cards; the page fits as many as the frame is wide. */
  minColumnPx: 260,
  gapPx: 16,
  /** A card's height below its cover (2:1): title, date, time, place, price (up to three lines with an early bird and 'ab'), seats and the button. */
  cardBodyPx: 290,
  /** The line with the shop's name under the cards. */
  footerPx: 36,
  /** 'Gerade keine Termine' and the shop's line. */
  emptyPx: 120,
} as const;

/** The height the loader reserves for `count` cards in a frame `width` pixels wide. */
export function estimatedWidgetHeight(count: number, width: number): number {
  const { minColumnPx, gapPx, cardBodyPx, footerPx, emptyPx } = WIDGET_LAYOUT;
  if (count <= 0) return emptyPx;
  // as CSS grid's `repeat(auto-fill, minmax(260px, 1fr))` lays them out
  const columns = Math.max(1, Math.floor((width + gapPx) / (minColumnPx + gapPx)));
  const columnWidth = (width - (columns - 1) * gapPx) / columns;
  const rows = Math.ceil(count / columns);
  return Math.round(rows * (columnWidth / 2 + cardBodyPx) + (rows - 1) * gapPx + footerPx);
}
