import { useRef } from 'react';
import { TICKET_MESSAGES, type MyTicket } from '@shared/tickets';
import { useDeleteTicket } from '../api/delete-ticket';
import { apiErrorDetail } from './api-error-detail';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { toast } from '@web/lib/toast';

/**
 * The admin's question before DELETE /api/admin/tickets/:id
 * (docs/product/tickets-and-refunds.md#delete-ticket).
 */
export function DeleteTicketDialog({
  ticket,
  onClose,
  focusAfterDelete,
}: {
  ticket: MyTicket | null;
  onClose: () => void;
  /** The card and its delete button are gone after a delete: the focus goes here instead. */
  focusAfterDelete: () => HTMLElement | null;
}) {
  const remove = useDeleteTicket();
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
