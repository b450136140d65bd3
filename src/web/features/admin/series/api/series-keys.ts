/** Query keys of the series screens (docs/product/event-series.md). */
export const SERIES_KEYS = {
  detail: (id: string) => ['admin', 'series', id] as const,
};
