import { ImageUp, Trash2 } from 'lucide-react';
import { TICKET_MESSAGES, type MyTicket } from '@shared/tickets';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { useRefreshTicketPreview } from '../api/refresh-ticket-preview';
import { apiErrorDetail } from './api-error-detail';

/**
 * Admins may also refresh the ticket preview and delete the ticket (docs/product/admin.md#ticket-preview,
 * docs/product/tickets-and-refunds.md#delete-ticket). The delete dialog
 * lives on the page, since the card is gone once the ticket is.
 */
export function AdminTicketActions({ ticket, onDelete }: { ticket: MyTicket; onDelete: () => void }) {
  const preview = useRefreshTicketPreview();

  const refreshPreview = () =>
    preview.mutate(ticket.id, {
      onSuccess: () => toast.success(TICKET_MESSAGES.previewUpdated),
      onError: (error) => toast.error(TICKET_MESSAGES.previewFailed, { description: apiErrorDetail(error) }),
    });

  return (
    <>
      <Button variant="ghost" size="sm" disabled={preview.isPending} onClick={refreshPreview}>
        <ImageUp className="h-4 w-4" aria-hidden />
        {preview.isPending ? 'Wird aktualisiert …' : 'Vorschau aktualisieren'}
      </Button>
      <Button variant="ghost" size="sm" onClick={onDelete}>
        <Trash2 className="h-4 w-4" aria-hidden />
        Löschen
      </Button>
    </>
  );
}
