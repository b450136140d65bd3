import { useMutation } from '@tanstack/react-query';
import { ImageUp, Trash2 } from 'lucide-react';
import { TICKET_MESSAGES, type MyTicket } from '@shared/tickets';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { apiErrorDetail } from '@web/lib/api-error-detail';
import { rerenderTicketPreview } from '../api/rerender-ticket-preview';

/**
 * On a card of 'Meine Tickets', admins may also refresh the ticket preview and delete the ticket
 * (docs/product/admin.md#ticket-preview, docs/product/tickets-and-refunds.md#delete-ticket): admin actions,
 * so they live here and the app hands them to the page (app/my-tickets-route.tsx). The delete dialog lives on
 * the page, since the card is gone once the ticket is.
 */
export function MyTicketAdminActions({ ticket, onDelete }: { ticket: MyTicket; onDelete: () => void }) {
  const preview = useMutation({ mutationFn: rerenderTicketPreview });

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
