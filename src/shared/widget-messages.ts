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

/**
 * The widget page's layout (docs/product/widget.md#no-layout-shift): one row of cards of fixed size that scrolls
 * sideways, so the frame's height is the same for any number of cards and any width of the host page's column.
 */
export const WIDGET_LAYOUT = {
  /** A card's width (narrower in a frame under 340 px, so the next card still peeks in). */
  cardWidthPx: 300,
  /** The cover's height (2:1 at the card's width; cropped, never taller, in a narrower card). */
  coverPx: 150,
  /** A card's text below the cover: title, date, time, place, seats, price (two lines with an early bird), button. */
  cardBodyPx: 290,
  /** The card's border, top and bottom. */
  cardBorderPx: 1,
  gapPx: 16,
  /** Room above and below the row for the cards' shadow (the row clips what leaves it). */
  rowPaddingPx: 4,
  /** The line under the cards: the buttons to scroll and the shop's name. */
  footerPx: 48,
} as const;

/** A card's height, and the whole widget's: the height the snippet and the loader reserve before the page loads. */
export const WIDGET_CARD_HEIGHT =
  WIDGET_LAYOUT.coverPx + WIDGET_LAYOUT.cardBodyPx + 2 * WIDGET_LAYOUT.cardBorderPx;
export const WIDGET_HEIGHT = WIDGET_CARD_HEIGHT + 2 * WIDGET_LAYOUT.rowPaddingPx + WIDGET_LAYOUT.footerPx;
