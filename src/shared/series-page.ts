// What the public pages need of a series (docs/product/event-series.md#series-page), free of zod and the admin
// schemas so that the event page's own code stays small.

/** 'Reihe nicht gefunden.' */
export const SERIES_NOT_FOUND = 'Reihe nicht gefunden.';

/** The series page's path. */
export const seriesPagePath = (slug: string) => `/series/${encodeURIComponent(slug)}`;
