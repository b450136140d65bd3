import { markup, type SafeHtml } from './safe-html';
import { COLORS } from './mail-blocks';

/** The event as booking mails describe it. */
export interface MailEvent {
  title: string;
  slug: string;
  startTime: Date;
  endTime: Date;
  timezone: string;
  location: string;
  mode: 'online' | 'presence';
}

const dateFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('de-DE', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  });
const timeFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', timeZone });

/** 'Samstag, 12. Dezember 2026, 10:00 – 17:00 Uhr', in the event's own zone (never the server's). */
export function mailWhen(event: Pick<MailEvent, 'startTime' | 'endTime' | 'timezone'>): string {
  const time = timeFormat(event.timezone);
  return `${dateFormat(event.timezone).format(event.startTime)}, ${time.format(event.startTime)} – ${time.format(event.endTime)} Uhr`;
}

export const mailPlace = (event: Pick<MailEvent, 'mode' | 'location'>) =>
  event.mode === 'online' ? 'Online' : event.location || 'Ort folgt';

export const formatCents = (cents: number, currency: string) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency }).format(cents / 100);

/** A two-column facts table (label, value) that survives Outlook. */
export function factsTable(rows: [string, string][]): SafeHtml {
  const cells = rows.map(
    ([label, value]) =>
      markup`<tr><td class="mail-muted" style="padding:4px 16px 4px 0;color:${COLORS.light.muted};vertical-align:top;white-space:nowrap;">${label}</td><td style="padding:4px 0;vertical-align:top;">${value}</td></tr>`,
  );
  return markup`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px 0;font-size:15px;line-height:1.5;">${cells}</table>`;
}

export const factsText = (rows: [string, string][]) =>
  rows.map(([label, value]) => `${label}: ${value}`).join('\n');
