import { z } from 'zod';
import { adminCategoriesSchema } from './admin-categories';
import { ADMIN_EVENT_MESSAGES } from './admin-events';
import { isCalendarDay } from './calendar-day';
import type { EventStatus } from './events';
import { normalizeDescription } from './event-text';
import { SERIES_NOT_FOUND } from './series-page';

export { seriesPagePath } from './series-page';

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
/** 'Alle n Wochen': at most every 12 weeks. */
export const MAX_SERIES_INTERVAL_WEEKS = 12;

/** The texts of the series screens and their field messages (docs/product/event-series.md). */
export const SERIES_MESSAGES = {
  notFound: SERIES_NOT_FOUND,
  frequency: 'Bitte wähle, wie oft die Reihe stattfindet.',
  interval: `Bitte gib an, alle wie viele Wochen die Reihe stattfindet (1 bis ${MAX_SERIES_INTERVAL_WEEKS}).`,
  endChoice: 'Bitte gib entweder ein Enddatum oder eine Anzahl von Terminen an.',
  count: `Bitte gib eine Anzahl von 2 bis ${MAX_SERIES_DATES} Terminen an.`,
  until: 'Bitte gib ein gültiges Enddatum an.',
  untilBeforeFirst: 'Das Enddatum muss nach dem ersten Termin liegen.',
  tooMany: `Eine Reihe kann höchstens ${MAX_SERIES_DATES} Termine haben. Wähle ein früheres Enddatum.`,
  noMoreDates: 'Bis zu diesem Enddatum ergibt sich kein weiterer Termin.',
  dates: 'Bitte gib mindestens einen weiteren Termin an.',
  tooManyDates: `Eine Reihe kann höchstens ${MAX_SERIES_DATES} Termine haben.`,
  dateInvalid: 'Bitte gib jeden Termin als gültiges Datum an.',
  dateBeforeFirst: 'Jeder weitere Termin muss nach dem ersten Termin liegen.',
  dateTwice: 'Jeder Termin darf nur einmal vorkommen.',
  alreadyInSeries: 'Dieses Event gehört schon zu einer Reihe.',
  cancelled: 'Aus einem abgesagten Event kann keine Reihe werden.',
  pastEvent: 'Aus einem Event, das schon begonnen hat, kann keine Reihe werden. Dupliziere es stattdessen.',
  noFutureDates: 'Diese Reihe hat keine künftigen Termine mehr.',
  clock: 'Bitte gib die Uhrzeit als SS:MM an (z. B. 19:00).',
  clockPair: 'Bitte gib Beginn und Ende zusammen an.',
  nothingToChange: 'Bitte ändere mindestens eine Angabe.',
  created: (count: number) => `Reihe mit ${count} Terminen angelegt.`,
  duplicated: 'Event dupliziert. Du bearbeitest jetzt die Kopie (Entwurf).',
  futureSaved: 'Alle künftigen Termine gespeichert.',
  dateFailed: (day: string, message: string) => `Termin am ${day}: ${message}`,
} as const;

const S = SERIES_MESSAGES;

const day = (message: string) => z.string(message).refine(isCalendarDay, message);

const endOfRule = {
  until: day(S.until).optional(),
  count: z.number(S.count).int(S.count).min(2, S.count).max(MAX_SERIES_DATES, S.count).optional(),
};

/** Exactly one end: a last day or a number of dates (docs/product/event-series.md#series-end). */
const oneEnd = (value: { until?: string; count?: number }, ctx: z.RefinementCtx) => {
  if ((value.until === undefined) === (value.count === undefined))
    ctx.addIssue({ code: 'custom', path: ['until'], message: S.endChoice });
};

/**
 * POST /api/admin/events/:id/series (and its preview): the rule, checked in the browser and on the server
 * (docs/product/event-series.md#series-rules). Which dates follow from it is the server's to say.
 */
export const seriesRuleSchema = z.discriminatedUnion(
  'frequency',
  [
    z
      .object({
        frequency: z.literal('weekly'),
        interval: z
          .number(S.interval)
          .int(S.interval)
          .min(1, S.interval)
          .max(MAX_SERIES_INTERVAL_WEEKS, S.interval),
        ...endOfRule,
      })
      .superRefine(oneEnd),
    z.object({ frequency: z.literal('monthly_weekday'), ...endOfRule }).superRefine(oneEnd),
    z.object({
      frequency: z.literal('dates'),
      dates: z
        .array(day(S.dateInvalid), { error: S.dates })
        .min(1, S.dates)
        .max(MAX_SERIES_DATES - 1, S.tooManyDates)
        .refine((dates) => new Set(dates).size === dates.length, S.dateTwice),
    }),
  ],
  { error: S.frequency },
);
export type SeriesRuleInput = z.input<typeof seriesRuleSchema>;

export const seriesCreateSchema = z.object({ rule: seriesRuleSchema });
export type SeriesCreateInput = z.input<typeof seriesCreateSchema>;

/** A wall time 'HH:MM' (00:00–23:59). */
const clock = z.string(S.clock).regex(/^([01]\d|2[0-3]):[0-5]\d$/, S.clock);

/**
 * PATCH /api/admin/series/:id/future ('Alle künftigen Termine ändern', docs/product/event-series.md#future-dates):
 * only what is sent changes on every coming date. Categories are the next date's list, its ids included; the
 * server finds each date's own category by position. New wall times move only dates without sold seats.
 */
export const seriesFutureUpdateSchema = z
  .object({
    title: z
      .string(ADMIN_EVENT_MESSAGES.title)
      .trim()
      .min(1, ADMIN_EVENT_MESSAGES.title)
      .max(200, ADMIN_EVENT_MESSAGES.titleTooLong),
    shortDescription: z
      .string(ADMIN_EVENT_MESSAGES.shortDescriptionTooLong)
      .trim()
      .max(300, ADMIN_EVENT_MESSAGES.shortDescriptionTooLong)
      .nullable()
      .transform((value) => (value ? value : null)),
    description: z
      .string(ADMIN_EVENT_MESSAGES.description)
      .overwrite(normalizeDescription)
      .min(1, ADMIN_EVENT_MESSAGES.description)
      .max(20_000, ADMIN_EVENT_MESSAGES.descriptionTooLong),
    cancellationPolicyId: z.uuid(ADMIN_EVENT_MESSAGES.policy).nullable(),
    categories: adminCategoriesSchema,
    startClock: clock,
    endClock: clock,
  })
  .partial()
  .superRefine((value, ctx) => {
    if (Object.values(value).every((field) => field === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: S.nothingToChange });
    if ((value.startClock === undefined) !== (value.endClock === undefined))
      ctx.addIssue({ code: 'custom', path: ['endClock'], message: S.clockPair });
  });
export type SeriesFutureUpdateInput = z.input<typeof seriesFutureUpdateSchema>;
export type SeriesFutureUpdate = z.output<typeof seriesFutureUpdateSchema>;

// ------------------------------------------------------------------------------------------------ answers

/** One computed date of a rule (the preview, before anything is saved). */
export interface SeriesDateTimes {
  startTime: string;
  endTime: string;
}
export interface SeriesPreview {
  dates: SeriesDateTimes[];
}

/** One date of a series in the back office. */
export interface AdminSeriesDate {
  id: string;
  slug: string;
  title: string;
  startTime: string;
  endTime: string;
  status: EventStatus;
  totalSeats: number;
  availableSeats: number;
  /** Active tickets. */
  soldTickets: number;
  /** Seats sold or held: such a date keeps its times in 'Alle künftigen Termine ändern'. */
  hasSales: boolean;
  isPast: boolean;
}

/** GET /api/admin/series/:id and the answer of creating one. */
export interface AdminSeries {
  id: string;
  slug: string;
  title: string;
  rule: SeriesRule;
  timezone: string;
  dates: AdminSeriesDate[];
  /** The first coming date: the form of 'Alle künftigen Termine ändern' starts from its values. */
  nextDateId: string | null;
}

/** The answer of 'Alle künftigen Termine ändern'. */
export interface SeriesFutureAnswer {
  series: AdminSeries;
  /** Dates changed. */
  changed: number;
  /** Dates with sold seats that kept their times although new ones were sent. */
  keptTimes: number;
}
