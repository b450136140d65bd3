import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { TICKET_MESSAGES, type MyTicket } from '@shared/tickets';
import { apiErrorDetail } from '@web/lib/api-error-detail';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { toast } from '@web/lib/toast';
import { deleteAdminTicket } from '../api/delete-admin-ticket';

/**
 * The admin's question on 'Meine Tickets' before DELETE /api/admin/tickets/:id
 * (docs/product/tickets-and-refunds.md#delete-ticket); the page then drops the ticket from its list.
 */
export function MyTicketDeleteDialog({
  ticket,
  onClose,
  onDeleted,
  focusAfterDelete,
}: {
  ticket: MyTicket | null;
  onClose: () => void;
  onDeleted: (ticketId: string) => void;
  /** The card and its delete button are gone after a delete: the focus goes here instead. */
  focusAfterDelete: () => HTMLElement | null;
}) {
  const remove = useMutation({
    mutationFn: deleteAdminTicket,
    onSuccess: (_result, ticketId) => onDeleted(ticketId),
  });
  const deleted = useRef(false);

  const confirmDelete = () => {
    if (!ticket) return;
    // The dialog closes after either answer.
    void remove.mutateAsync(ticket.id).then(
      () => {
        deleted.current = true;
        toast.success(TICKET_MESSAGES.deletedTitle, { description: TICKET_MESSAGES.deletedText });
        onClose();
      },
      (error: unknown) => {
        toast.error(TICKET_MESSAGES.deleteFailed, { description: apiErrorDetail(error) });
        onClose();
      },
    );
  };

  return (
    <ConfirmDialog
      open={ticket !== null}
      onCancel={onClose}
      title="Ticket löschen?"
      description={
        <p>
          Das Ticket mit dem Code {ticket?.code} für „{ticket?.event.title}“ wird endgültig gelöscht. Das
          lässt sich nicht rückgängig machen.
        </p>
      }
      confirmLabel="Löschen"
      busyLabel="Wird gelöscht …"
      busy={remove.isPending}
      onConfirm={confirmDelete}
      returnFocus={() => {
        if (!deleted.current) return null;
        deleted.current = false;
        return focusAfterDelete();
      }}
    />
  );
}
