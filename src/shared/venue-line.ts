import type { PublicEvent } from './events';

// Beside the places of event-rules.ts, in a module of its own: the start page's first download
// (scripts/bundle-budget.mjs) carries event-rules.ts, and no page of it prints this line.

/**
 * Where the buyer goes on the day, as one line: venue, room and town, each once ('Heidehof Wilsede, Undeloh',
 * 'Kulturetage Elbblick, Seminarraum 2, Hamburg'); 'Online' for online events. The ticket, the mails and the
 * success page print it (docs/product/events.md#venue-for-buyers).
 */
export function eventVenueLine(
  event: Pick<PublicEvent, 'mode' | 'location'> & { venue?: string | null; room?: string | null },
): string {
  if (event.mode === 'online') return 'Online';
  const parts = [event.venue, event.room, event.location]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '');
  return [...new Set(parts)].join(', ');
}
