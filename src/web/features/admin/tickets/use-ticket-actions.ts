import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ADMIN_TICKET_MESSAGES,
  pdfErrorMessage,
  type AdminTicketRow,
  type RefundOverrideInput,
} from '@shared/admin-tickets';
import { cancelSuccessMessage, TICKET_MESSAGES, type CancelTicketResult } from '@shared/tickets';
import type { TicketTransferInput } from '@shared/ticket-transfer';
import { toast } from '@web/lib/toast';
import { ADMIN_TICKET_FILTERS_KEY } from '@web/features/admin/kit/get-ticket-filter-options';
import { ADMIN_TICKET_LIST_KEY } from './api/admin-ticket-keys';
import { ADMIN_PAYMENT_MESSAGES, PAYMENT_STATUS_TEXT } from '@shared/admin-payments';
import { cancelAdminTicket } from './api/cancel-admin-ticket';
import { reconcileBooking } from './api/reconcile-booking';
import { deleteAdminTicket } from './api/delete-admin-ticket';
import { rerenderTicketPreview } from './api/rerender-ticket-preview';
import { transferAdminTicket } from './api/transfer-admin-ticket';
import { DownloadError } from '@web/lib/download';
import { downloadTicketPdf, exportSelectionCsv, exportTicketsCsv } from './api/ticket-files';
import type { TicketFilters } from './ticket-filters';

const detailOf = (error: unknown) => (error instanceof Error && error.message ? error.message : undefined);
const ticketsWord = (n: number) => (n === 1 ? '1 Ticket' : `${n} Tickets`);
/**
 * The server's confirmation, or the same words made from its refund
 * (docs/product/tickets-and-refunds.md#cancel-button-label).
 */
const cancelledText = (result: CancelTicketResult | null) =>
  result?.message ||
  cancelSuccessMessage(result?.refund?.amountCents ?? 0, result?.refund?.currency ?? 'EUR');

/** Runs one call per ticket, one after the other (the server locks each ticket and its booking). */
async function eachTicket(tickets: AdminTicketRow[], call: (ticket: AdminTicketRow) => Promise<unknown>) {
  const done: string[] = [];
  let firstError: unknown;
  for (const ticket of tickets) {
    try {
      await call(ticket);
      done.push(ticket.id);
    } catch (error) {
      firstError ??= error;
    }
  }
  return { done, failed: tickets.length - done.length, firstError };
}

/**
 * The row and bulk actions of 'Tickets verwalten' with their toasts ('PDF Fehler: {status}',
 * 'Fehler beim Löschen', 'Fehler beim Stornieren', 'Fehler beim Neu-Rendern'). One toast per action.
 */
export function useTicketActions({ onDone }: { onDone: (ticketIds: string[]) => void }) {
  const queryClient = useQueryClient();
  const [cancelTargets, setCancelTargets] = useState<AdminTicketRow[]>([]);
  const [deleteTargets, setDeleteTargets] = useState<AdminTicketRow[]>([]);
  const [transferTarget, setTransferTarget] = useState<AdminTicketRow | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);

  const refresh = async (filtersToo = false) => {
    await queryClient.invalidateQueries({ queryKey: ADMIN_TICKET_LIST_KEY });
    if (filtersToo) await queryClient.invalidateQueries({ queryKey: ADMIN_TICKET_FILTERS_KEY });
  };
  const track = async (ids: string[], work: () => Promise<void>) => {
    setBusyIds((current) => new Set([...current, ...ids]));
    if (ids.length > 1) setBulkBusy(true);
    try {
      await work();
    } finally {
      setBusyIds((current) => new Set([...current].filter((id) => !ids.includes(id))));
      if (ids.length > 1) setBulkBusy(false);
    }
  };

  const pdf = async (ticket: AdminTicketRow) => {
    try {
      await downloadTicketPdf(ticket.id);
    } catch (error) {
      toast.error(pdfErrorMessage(error instanceof DownloadError ? error.status : 0));
    }
  };

  const rerender = (tickets: AdminTicketRow[]) =>
    track(
      tickets.map((t) => t.id),
      async () => {
        const { done, failed, firstError } = await eachTicket(tickets, (t) => rerenderTicketPreview(t.id));
        if (failed > 0) {
          toast.error(ADMIN_TICKET_MESSAGES.rerenderFailed, { description: detailOf(firstError) });
        } else {
          toast.success(
            tickets.length === 1
              ? TICKET_MESSAGES.previewUpdated
              : `${ticketsWord(done.length)} neu gerendert`,
          );
        }
      },
    );

  const cancel = async (override: RefundOverrideInput | null) => {
    const targets = cancelTargets.filter((ticket) => ticket.status === 'active');
    await track(
      targets.map((t) => t.id),
      async () => {
        let last: CancelTicketResult | null = null;
        const { done, failed, firstError } = await eachTicket(targets, async (ticket) => {
          last = await cancelAdminTicket({ ticketId: ticket.id, override });
        });
        // Confirmed as soon as the server answered, like the other actions; the list reloads behind the
        // toast (the rows stay busy until it has).
        setCancelTargets([]);
        onDone(done);
        if (failed > 0) {
          toast.error(ADMIN_TICKET_MESSAGES.cancelFailed, {
            description:
              targets.length > 1
                ? `${failed} von ${targets.length} fehlgeschlagen. ${detailOf(firstError) ?? ''}`
                : detailOf(firstError),
          });
        } else if (targets.length === 1) {
          toast.success(cancelledText(last));
        } else {
          toast.success(`${ticketsWord(done.length)} storniert`);
        }
        await refresh();
      },
    );
  };

  const remove = async () => {
    const targets = deleteTargets;
    await track(
      targets.map((t) => t.id),
      async () => {
        const { done, failed, firstError } = await eachTicket(targets, (t) => deleteAdminTicket(t.id));
        await refresh(true);
        setDeleteTargets([]);
        onDone(done);
        if (failed > 0)
          toast.error(ADMIN_TICKET_MESSAGES.deleteFailed, { description: detailOf(firstError) });
        else toast.success(`${ticketsWord(done.length)} gelöscht`);
      },
    );
  };

  /**
   * 'Übertragen' (docs/product/tickets-and-refunds.md#ticket-transfer): the dialog toasts and closes; a
   * failure is thrown back to it, so it stays open with the server's message.
   */
  const transfer = async (input: TicketTransferInput) => {
    const target = transferTarget;
    if (!target) return;
    await track([target.id], async () => {
      await transferAdminTicket({ ticketId: target.id, ...input });
    });
    void refresh(true);
  };
  /**
   * 'Mit Stripe abgleichen' (docs/product/payments.md#reconcile-by-hand): the server asks the provider now;
   * the toast names the booking's payment state after it, and the list reloads.
   */
  const reconcile = (ticket: AdminTicketRow) =>
    track([ticket.id], async () => {
      try {
        const result = await reconcileBooking(ticket.bookingId);
        toast.success(ADMIN_PAYMENT_MESSAGES.reconciled, {
          description: `${ticket.orderNumber}: ${PAYMENT_STATUS_TEXT[result.paymentStatus]}`,
        });
      } catch (error) {
        toast.error(ADMIN_PAYMENT_MESSAGES.reconcileFailed, { description: detailOf(error) });
      }
      await refresh();
    });

  const csv = async (target: { filters: TicketFilters; all?: boolean } | { ids: string[] }) => {
    try {
      if ('ids' in target) await exportSelectionCsv(target.ids);
      else await exportTicketsCsv(target.filters, { all: target.all });
    } catch (error) {
      toast.error('CSV-Export fehlgeschlagen', {
        description: error instanceof DownloadError ? `Status ${error.status}` : undefined,
      });
    }
  };

  return {
    busyIds,
    bulkBusy,
    cancelTargets,
    deleteTargets,
    transferTarget,
    askCancel: setCancelTargets,
    askDelete: setDeleteTargets,
    closeCancel: () => setCancelTargets([]),
    closeDelete: () => setDeleteTargets([]),
    askTransfer: setTransferTarget,
    closeTransfer: () => setTransferTarget(null),
    pdf,
    rerender,
    cancel,
    remove,
    transfer,
    reconcile,
    csv,
  };
}
