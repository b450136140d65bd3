import { FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_TICKET_MESSAGES } from '@shared/admin-tickets';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { TransferTicketDialog } from '@web/components/transfer-ticket-dialog';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { usePageTitle } from '@web/lib/page-title';
import { useAdminTickets } from './api/get-admin-tickets';
import { BulkBar } from './components/bulk-bar';
import { CancelTicketDialog } from './components/cancel-ticket-dialog';
import { TicketGroup } from './components/ticket-group';
import { TicketsPagination } from './components/tickets-pagination';
import { TicketsToolbar } from './components/tickets-toolbar';
import {
  apiQueryOf,
  filterKeyOf,
  filtersFromParams,
  paramsFromFilters,
  type TicketFilters,
} from './ticket-filters';
import { useTicketActions } from './use-ticket-actions';
import { ErrorText } from '@web/components/ui/error-text';

const NONE: ReadonlySet<string> = new Set();

/** Named for what the file holds: every ticket the applied filters match ('137 Tickets' below the list). */
const allTicketsCsvLabel = (total: number | undefined) =>
  total === undefined ? 'CSV (alle Tickets)' : total === 1 ? 'CSV (1 Ticket)' : `CSV (alle ${total} Tickets)`;

/**
 * 'Tickets verwalten' at /admin/bookings; the filters live in the URL (docs/product/admin.md#tickets-screen).
 */
export function TicketsPage() {
  usePageTitle('Tickets verwalten');
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const tickets = useAdminTickets(filters);
  const apply = (next: TicketFilters) => setParams(paramsFromFilters(next));

  // The selection belongs to the page shown: another page or filter starts empty.
  const viewKey = apiQueryOf(filters).toString();
  const [selection, setSelection] = useState({ key: viewKey, ids: NONE });
  const selected = selection.key === viewKey ? selection.ids : NONE;
  const change = (edit: (ids: Set<string>) => void) => {
    const ids = new Set(selected);
    edit(ids);
    setSelection({ key: viewKey, ids });
  };
  const actions = useTicketActions({
    onDone: (done) => change((ids) => done.forEach((id) => ids.delete(id))),
  });

  const rows = tickets.data?.groups.flatMap((group) => group.tickets) ?? [];
  const total = tickets.data?.total;
  const chosen = rows.filter((row) => selected.has(row.id));
  const rowActions = {
    onPdf: (ticket: (typeof rows)[number]) => void actions.pdf(ticket),
    onRerender: (ticket: (typeof rows)[number]) => void actions.rerender([ticket]),
    onCancel: (ticket: (typeof rows)[number]) => actions.askCancel([ticket]),
    onDelete: (ticket: (typeof rows)[number]) => actions.askDelete([ticket]),
    onTransfer: (ticket: (typeof rows)[number]) => actions.askTransfer(ticket),
    onReconcile: (ticket: (typeof rows)[number]) => void actions.reconcile(ticket),
  };
  const transferTarget = actions.transferTarget;
  const transferEvent = tickets.data?.groups.find((group) =>
    group.tickets.some((ticket) => ticket.id === transferTarget?.id),
  )?.event;
  const deleteCount = actions.deleteTargets.length;

  return (
    <section aria-labelledby="tickets-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="tickets-heading" className="text-2xl font-semibold tracking-tight">
          Tickets verwalten
        </h1>
        {/* each button says what its file holds: the page shown, or every match of the applied filters */}
        <div className="flex flex-wrap gap-2">
          {filters.pageSize !== 0 && (
            <Button
              variant="secondary"
              size="sm"
              disabled={total === 0}
              onClick={() => void actions.csv({ filters })}
            >
              <FileSpreadsheet className="h-4 w-4" aria-hidden />
              CSV (Seite {filters.page})
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={total === 0}
            onClick={() => void actions.csv({ filters, all: true })}
          >
            <FileSpreadsheet className="h-4 w-4" aria-hidden />
            {allTicketsCsvLabel(total)}
          </Button>
        </div>
      </div>

      <TicketsToolbar key={filterKeyOf(filters)} filters={filters} onApply={apply} />

      {chosen.length > 0 && (
        <BulkBar
          count={chosen.length}
          busy={actions.bulkBusy}
          onCsv={() => void actions.csv({ ids: chosen.map((row) => row.id) })}
          onRerender={() => void actions.rerender(chosen)}
          onCancel={() => actions.askCancel(chosen)}
          onDelete={() => actions.askDelete(chosen)}
          onClear={() => change((ids) => ids.clear())}
        />
      )}

      {tickets.isPending ? (
        <PageSpinner />
      ) : tickets.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <ErrorText alert={false} size="base">
            {tickets.error.message || ADMIN_TICKET_MESSAGES.loadFailed}
          </ErrorText>
          <Button variant="secondary" onClick={() => void tickets.refetch()}>
            Erneut versuchen
          </Button>
        </div>
      ) : (
        <>
          {tickets.data.groups.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
              {ADMIN_TICKET_MESSAGES.empty}
            </p>
          ) : (
            <div className="flex flex-col gap-4" aria-busy={tickets.isFetching}>
              {tickets.data.groups.map((group) => (
                <TicketGroup
                  key={group.event.id}
                  group={group}
                  selected={selected}
                  busyIds={actions.busyIds}
                  onToggle={(id) => change((ids) => (ids.has(id) ? ids.delete(id) : ids.add(id)))}
                  onToggleAll={(groupIds, select) =>
                    change((ids) => groupIds.forEach((id) => (select ? ids.add(id) : ids.delete(id))))
                  }
                  actions={rowActions}
                />
              ))}
            </div>
          )}
          <TicketsPagination
            page={filters.page}
            pageSize={filters.pageSize}
            total={tickets.data.total}
            reloading={tickets.isFetching}
            onPage={(page) => apply({ ...filters, page })}
            onPageSize={(pageSize) => apply({ ...filters, pageSize, page: 1 })}
            onReload={() => void tickets.refetch()}
          />
        </>
      )}

      <CancelTicketDialog
        tickets={actions.cancelTargets}
        onClose={actions.closeCancel}
        onConfirm={actions.cancel}
      />
      <TransferTicketDialog
        ticket={transferTarget ? { code: transferTarget.code, eventTitle: transferEvent?.title ?? '' } : null}
        onClose={actions.closeTransfer}
        onTransfer={actions.transfer}
      />
      <ConfirmDialog
        open={deleteCount > 0}
        title={deleteCount === 1 ? 'Ticket wirklich löschen?' : `${deleteCount} Tickets wirklich löschen?`}
        description="Gelöschte Tickets sind weg, ihre Plätze werden wieder frei. Geld wird dabei nicht erstattet – dafür „Stornieren“ wählen."
        inlineActions
        onCancel={actions.closeDelete}
        onConfirm={actions.remove}
      />
    </section>
  );
}
