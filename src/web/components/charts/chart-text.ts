import type { CheckInFigures, DashboardStats, EventStats, StatsDay, StatsMark } from '@shared/event-stats';
import { formatCount, formatPercent, formatPrice } from '@web/lib/format';

// The words beside every chart (docs/product/charts.md#text-and-table): a text summary that says what the
// picture shows, and the labels of its table. Pure functions, so the summary is tested without a browser.

const dayFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'UTC',
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
});
const shortFormat = new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC', day: '2-digit', month: '2-digit' });
const dateOf = (day: string) => new Date(`${day}T12:00:00Z`);

/** 'Mo., 23.11.' of a calendar day 'YYYY-MM-DD'. */
export const formatChartDay = (day: string) => dayFormat.format(dateOf(day));
/** '23.11.' of a calendar day: the axis. */
export const formatAxisDay = (day: string) => shortFormat.format(dateOf(day));

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The running sum of seats sold at the end of each day. */
export function soldSeatsByDay(days: StatsDay[], seatsBefore = 0): number[] {
  let sold = seatsBefore;
  return days.map((day) => (sold += day.seatsBooked - day.seatsCancelled));
}

export interface DayTotals {
  bookings: number;
  seatsBooked: number;
  seatsCancelled: number;
  revenueCents: number;
  testRevenueCents: number;
}

export function totalsOf(days: StatsDay[]): DayTotals {
  const totals = { bookings: 0, seatsBooked: 0, seatsCancelled: 0, revenueCents: 0, testRevenueCents: 0 };
  for (const day of days) {
    totals.bookings += day.bookings;
    totals.seatsBooked += day.seatsBooked;
    totals.seatsCancelled += day.seatsCancelled;
    totals.revenueCents += day.revenueCents;
    totals.testRevenueCents += day.testRevenueCents;
  }
  return totals;
}

/** The day with the most seats booked (the first of equals), or null when none was. */
export function busiestDay(days: StatsDay[]): StatsDay | null {
  let best: StatsDay | null = null;
  for (const day of days) if (day.seatsBooked > (best?.seatsBooked ?? 0)) best = day;
  return best;
}

/**
 * 'Umsatz 240,00 €', the test money named apart ('Umsatz 240,00 €, dazu 120,00 € Testzahlungen'), and a shop that
 * took only test money says so ('Umsatz 120,00 €, nur Testzahlungen').
 */
function revenueText(totals: DayTotals, currency: string): string {
  const { revenueCents: real, testRevenueCents: test } = totals;
  if (test === 0) return `Umsatz ${formatPrice(real, currency)}`;
  if (real === 0) return `Umsatz ${formatPrice(test, currency)}, nur Testzahlungen`;
  return `Umsatz ${formatPrice(real, currency)}, dazu ${formatPrice(test, currency)} Testzahlungen`;
}

/** A sentence ends with one full stop, also after a date that ends with one ('seit Do., 26.11.'). */
const sentence = (text: string) => (text.endsWith('.') ? text : `${text}.`);

/** 'Frühbucherpreis endet: Fr., 04.12. · 2 Mail-Versände (7 Mails)' of the marks, or ''. */
function marksText(marks: StatsMark[]): string {
  const parts: string[] = [];
  for (const mark of marks.filter((m) => m.kind === 'early-bird-end')) {
    parts.push(`${mark.label} am ${formatChartDay(mark.day)}`);
  }
  const mails = marks.filter((mark) => mark.kind === 'mail');
  if (mails.length > 0) {
    const sent = mails.reduce((sum, mark) => sum + mark.count, 0);
    parts.push(
      `${plural(mails.length, 'Mail-Versand', 'Mail-Versände')} mit ${plural(sent, 'Mail', 'Mails')}`,
    );
  }
  return parts.length > 0 ? ` ${sentence(`Markiert: ${parts.join('; ')}`)}` : '';
}

/** The summary of an event's chart: sold against the capacity, since when, money, busiest day, the marks. */
export function eventSalesSummary(stats: EventStats): string {
  if (stats.days.length === 0) return 'Für dieses Event gibt es noch keine Buchungen.';
  const totals = totalsOf(stats.days);
  const sold = soldSeatsByDay(stats.days, stats.seatsBefore).at(-1) ?? 0;
  const share = stats.capacity > 0 ? ` (${formatPercent(sold / stats.capacity)})` : '';
  const busiest = busiestDay(stats.days);
  const sentences = [
    sentence(
      `${plural(sold, 'Platz', 'Plätze')} von ${formatCount(stats.capacity)} verkauft${share}, ` +
        `${plural(totals.bookings, 'Buchung', 'Buchungen')} seit ${formatChartDay(stats.days[0]!.day)}` +
        (totals.seatsCancelled > 0 ? `, ${plural(totals.seatsCancelled, 'Platz', 'Plätze')} storniert` : ''),
    ),
    `${revenueText(totals, stats.currency)}.`,
  ];
  if (busiest) {
    sentences.push(
      `Stärkster Tag: ${formatChartDay(busiest.day)} mit ${plural(busiest.seatsBooked, 'Platz', 'Plätzen')}.`,
    );
  }
  return sentences.join(' ') + marksText(stats.marks);
}

/** The summary of the dashboard's chart: the window's bookings, money, busiest day, capacity to come, marks. */
export function dashboardSalesSummary(stats: DashboardStats): string {
  const totals = totalsOf(stats.days);
  const busiest = busiestDay(stats.days);
  const { capacity } = stats;
  const sentences = [
    `Letzte ${stats.days.length} Tage: ${plural(totals.bookings, 'Buchung', 'Buchungen')} mit ` +
      `${plural(totals.seatsBooked, 'Platz', 'Plätzen')}` +
      (totals.seatsCancelled > 0 ? `, ${plural(totals.seatsCancelled, 'Platz', 'Plätze')} storniert.` : '.'),
    `${revenueText(totals, stats.currency)}.`,
  ];
  if (busiest) {
    sentences.push(
      `Stärkster Tag: ${formatChartDay(busiest.day)} mit ${plural(busiest.seatsBooked, 'Platz', 'Plätzen')}.`,
    );
  }
  if (capacity.events > 0 && capacity.totalSeats > 0) {
    sentences.push(
      `${capacity.events === 1 ? 'Das kommende Event ist' : `Die ${formatCount(capacity.events)} kommenden Events sind`} ` +
        `zu ${formatPercent(capacity.soldSeats / capacity.totalSeats)} ausgelastet ` +
        `(${formatCount(capacity.soldSeats)} von ${plural(capacity.totalSeats, 'Platz', 'Plätzen')}).`,
    );
  }
  return sentences.join(' ') + marksText(stats.marks);
}

/** The rate of the door, or null when nobody was checked in after the end (an event without door check-in). */
export function checkInRate(figures: CheckInFigures): number | null {
  if (figures.tickets === 0) return null;
  if (figures.ended && figures.checkedIn === 0) return null;
  return figures.checkedIn / figures.tickets;
}

/**
 * '12 von 15 Tickets eingecheckt (80 %), 3 nicht erschienen.' After the end with nobody checked in the event had
 * no door check-in (decision 067): then nobody is called a no-show.
 */
export function checkInSummary(figures: CheckInFigures): string {
  const { tickets, checkedIn, notCheckedIn, persons, personsCheckedIn } = figures;
  if (tickets === 0) return 'Keine gültigen Tickets.';
  const rate = checkInRate(figures);
  const personsText =
    persons !== tickets
      ? ` (${formatCount(personsCheckedIn)} von ${plural(persons, 'Person', 'Personen')})`
      : '';
  if (rate === null) {
    return `Kein Check-in an der Tür erfasst: ${plural(tickets, 'gültiges Ticket', 'gültige Tickets')}, niemand eingescannt.`;
  }
  const checked = `${formatCount(checkedIn)} von ${plural(tickets, 'Ticket', 'Tickets')} eingecheckt${personsText} (${formatPercent(rate)})`;
  const cancelled =
    figures.cancelled > 0 ? ` ${plural(figures.cancelled, 'Ticket', 'Tickets')} storniert.` : '';
  return figures.ended
    ? `${checked}, ${formatCount(notCheckedIn)} nicht erschienen.${cancelled}`
    : `Bisher ${checked}, ${formatCount(notCheckedIn)} noch erwartet.${cancelled}`;
}

/** The dashboard's door: the events that ended last, their rate together, and those without door check-in. */
export function checkInsSummary(rows: CheckInFigures[]): string {
  if (rows.length === 0) return 'Noch kein vergangenes Event mit Tickets.';
  const scanned = rows.filter((row) => checkInRate(row) !== null);
  const unscanned = rows.length - scanned.length;
  const tickets = scanned.reduce((sum, row) => sum + row.tickets, 0);
  const checkedIn = scanned.reduce((sum, row) => sum + row.checkedIn, 0);
  const events = plural(rows.length, 'vergangenes Event', 'vergangene Events');
  const parts = [
    scanned.length > 0
      ? `${events}: ${formatCount(checkedIn)} von ${plural(tickets, 'Ticket', 'Tickets')} eingecheckt ` +
        `(${formatPercent(checkedIn / tickets)}), ${formatCount(tickets - checkedIn)} nicht erschienen.`
      : `${events}, keines mit Check-in an der Tür.`,
  ];
  if (unscanned > 0 && scanned.length > 0) {
    parts.push(`${plural(unscanned, 'Event', 'Events')} ohne Check-in an der Tür nicht mitgezählt.`);
  }
  return parts.join(' ');
}
