import { Filter, Search } from 'lucide-react';
import { useState } from 'react';
import {
  ADMIN_TICKET_STATUS_LABELS,
  ADMIN_TICKET_STATUSES,
  type AdminTicketStatusFilter,
} from '@shared/admin-tickets';
import { Button } from '@web/components/ui/button';
import { formatDateTimeShort } from '@web/lib/format';
import { checkboxClass } from '@web/features/admin/kit/admin-styles';
import { useTicketFilterOptions } from '@web/features/admin/kit/get-ticket-filter-options';
import type { TicketFilters } from '../ticket-filters';
import { MultiSelect } from './multi-select';
import { Input, Select } from '@web/components/ui/input';

/**
 * The toolbar (docs/product/admin.md#tickets-screen): search (Enter applies), events and users multi-selects,
 * status (default Alle), 'Test ausblenden', 'Nur Storno-Anfragen' and 'Filtern'. Changes stay a draft until
 * applied; the page remounts this form when the URL changes, so the draft always starts from what is shown.
 */
export function TicketsToolbar({
  filters,
  onApply,
}: {
  filters: TicketFilters;
  onApply: (filters: TicketFilters) => void;
}) {
  const [draft, setDraft] = useState(filters);
  const options = useTicketFilterOptions();
  const set = <K extends keyof TicketFilters>(key: K, value: TicketFilters[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const eventOptions = (options.data?.events ?? []).map((event) => ({
    value: event.id,
    label: event.title,
    hint: formatDateTimeShort(event.startTime),
  }));
  const userOptions = (options.data?.users ?? []).map((user) => ({
    value: user.id,
    label: user.name || user.email,
    hint: user.name ? user.email : undefined,
  }));

  return (
    <form
      role="search"
      aria-label="Tickets filtern"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground"
      onSubmit={(event) => {
        event.preventDefault();
        // the page size is the pagination's, not the draft's: the form is not remounted when it changes
        onApply({ ...draft, search: draft.search.trim(), page: 1, pageSize: filters.pageSize });
      }}
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
        <div className="relative min-w-0 flex-1 lg:min-w-64">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <label htmlFor="ticket-search" className="sr-only">
            Tickets suchen
          </label>
          <Input
            size="sm"
            id="ticket-search"
            type="search"
            placeholder="Bestellnummer, Ticketnummer, Code, Name oder E-Mail"
            value={draft.search}
            onChange={(event) => set('search', event.target.value)}
            className="pl-9"
          />
        </div>
        <MultiSelect
          label="Events"
          searchLabel="Events durchsuchen"
          options={eventOptions}
          selected={draft.events}
          onChange={(values) => set('events', values)}
        />
        <MultiSelect
          label="Benutzer"
          searchLabel="Benutzer durchsuchen"
          options={userOptions}
          selected={draft.users}
          onChange={(values) => set('users', values)}
        />
        <div className="flex items-center gap-2">
          <label htmlFor="ticket-status" className="text-sm font-medium">
            Status
          </label>
          <Select
            size="sm"
            id="ticket-status"
            value={draft.status}
            onChange={(event) => set('status', event.target.value as AdminTicketStatusFilter)}
            className="w-40"
          >
            {ADMIN_TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ADMIN_TICKET_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.hideTest}
            onChange={(event) => set('hideTest', event.target.checked)}
            className={checkboxClass}
          />
          Test ausblenden
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.onlyCancellationRequests}
            onChange={(event) => set('onlyCancellationRequests', event.target.checked)}
            className={checkboxClass}
          />
          Nur Storno-Anfragen
        </label>
        <Button type="submit" size="sm" className="sm:ml-auto">
          <Filter className="h-4 w-4" aria-hidden />
          Filtern
        </Button>
      </div>
    </form>
  );
}
