/**
 * The rule an event series was made from (docs/product/event-series.md). Wall times are local to the series'
 * time zone: a date is 'the 19:00 of that day in Europe/Berlin', whatever its UTC offset.
 */
export const SERIES_FREQUENCIES = ['weekly', 'monthly_weekday', 'dates'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

export type SeriesRule =
  | {
      /** Every `interval` weeks on the first date's weekday. */
      frequency: 'weekly';
      interval: number;
      /** Ends on this day (YYYY-MM-DD, inclusive) or after `count` dates. */
      until?: string;
      count?: number;
    }
  | {
      /** Every month on the n-th weekday of the first date (e.g. 'the 2nd Tuesday'); -1 = the last one. */
      frequency: 'monthly_weekday';
      until?: string;
      count?: number;
    }
  | {
      /** A list of days (YYYY-MM-DD), each at the first date's wall time. */
      frequency: 'dates';
      dates: string[];
    };

/** Most dates one series may make at once. */
export const MAX_SERIES_DATES = 52;
