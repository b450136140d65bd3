import { renderEventTicketPreview } from '../tickets/event-ticket-preview';
import type { UseCaseDeps } from '../use-case-deps';

/**
 * Each new date's sample ticket, rendered after the commit one after another, as for a new event; a failure
 * is only logged and never fails the save (docs/product/admin.md#ticket-preview).
 */
export function renderPreviews(
  deps: Pick<UseCaseDeps, 'database' | 'storage' | 'settings' | 'logger'>,
  eventIds: string[],
): void {
  const { database, storage, settings, logger } = deps;
  void (async () => {
    const { brand } = await settings.get();
    for (const eventId of eventIds) {
      await renderEventTicketPreview({ db: database.db, storage, siteName: brand.siteName, eventId }).catch(
        (error: unknown) => logger.warn({ err: error, eventId }, 'ticket preview not rendered'),
      );
    }
  })().catch((error: unknown) => logger.warn({ err: error }, 'ticket previews not rendered'));
}
