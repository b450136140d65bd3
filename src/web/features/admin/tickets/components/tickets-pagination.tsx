import { RotateCw } from 'lucide-react';
import { ADMIN_TICKET_PAGE_SIZES, type AdminTicketPageSize } from '@shared/admin-tickets';
import { Button } from '@web/components/ui/button';
import { Select } from '@web/components/ui/input';

/**
 * Zurück / Weiter, 'Seite x / y', page size 10, 25, 50 or all, reload (docs/product/admin.md#tickets-screen).
 */
export function TicketsPagination({
  page,
  pageSize,
  total,
  reloading,
  onPage,
  onPageSize,
  onReload,
}: {
  page: number;
  pageSize: AdminTicketPageSize;
  total: number;
  reloading: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: AdminTicketPageSize) => void;
  onReload: () => void;
}) {
  const pages = pageSize === 0 ? 1 : Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Seiten" className="flex flex-wrap items-center justify-end gap-3 text-sm">
      <span className="mr-auto text-muted-foreground" aria-live="polite">
        {total === 1 ? '1 Ticket' : `${total} Tickets`}
      </span>
      <div className="flex items-center gap-2">
        <label htmlFor="ticket-page-size" className="whitespace-nowrap">
          Pro Seite
        </label>
        <Select
          size="sm"
          id="ticket-page-size"
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value) as AdminTicketPageSize)}
          className="h-9 w-24"
        >
          {ADMIN_TICKET_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size === 0 ? 'Alle' : size}
            </option>
          ))}
        </Select>
      </div>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Zurück
      </Button>
      <span className="tabular-nums">
        Seite {Math.min(page, pages)} / {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Weiter
      </Button>
      <Button variant="ghost" size="sm" onClick={onReload} disabled={reloading} aria-label="Neu laden">
        <RotateCw className={`h-4 w-4 ${reloading ? 'animate-spin' : ''}`} aria-hidden />
        <span className="hidden sm:inline">Neu laden</span>
      </Button>
    </nav>
  );
}
