import type { EventMode } from '@shared/events';

/**
 * spec admin §3: an event's online_url is 'visible only to buyers'. It goes to holders of an active ticket
 * of an online event and to nobody else (docs/decisions/019-online-links.md): a cancelled or revoked
 * ticket, a booking still waiting for its payment and every public endpoint get null.
 */
export function deliveredOnlineUrl(
  event: { mode: EventMode; onlineUrl: string | null },
  hasActiveTicket: boolean,
): string | null {
  return hasActiveTicket && event.mode === 'online' && event.onlineUrl ? event.onlineUrl : null;
}
