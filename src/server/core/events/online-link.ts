import type { EventMode } from '@shared/events';

/**
 * An event's online_url is for buyers only. It goes to holders of an active ticket of an online event and to
 * nobody else (docs/product/tickets-and-refunds.md#online-link-buyers-only): a cancelled or revoked ticket, a
 * booking still waiting for its payment and every public endpoint get null.
 */
export function deliveredOnlineUrl(
  event: { mode: EventMode; onlineUrl: string | null },
  hasActiveTicket: boolean,
): string | null {
  return hasActiveTicket && event.mode === 'online' && event.onlineUrl ? event.onlineUrl : null;
}
