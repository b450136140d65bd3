import { formatDateTimeShort } from '@web/lib/format';
import { labelClass } from '@web/features/admin/kit/admin-styles';
import { useTicketFilterOptions } from '@web/features/admin/kit/get-ticket-filter-options';
import { isMonth, type InvoiceFilters } from '../invoice-filters';
import { Input, Select } from '@web/components/ui/input';

/**
 * 'Monat' and 'Event'; a change applies at once. The events are those with tickets, as on 'Tickets
 * verwalten' (an invoice belongs to a booking, so every event with invoices is among them).
 */
export function InvoicesToolbar({
  filters,
  onChange,
}: {
  filters: InvoiceFilters;
  onChange: (filters: InvoiceFilters) => void;
}) {
  const options = useTicketFilterOptions();
  const events = options.data?.events ?? [];
  // an event from a link that the options do not (yet) hold stays selectable
  const unknownEvent = filters.eventId !== '' && !events.some((event) => event.id === filters.eventId);

  return (
    <form
      role="search"
      aria-label="Rechnungen filtern"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 text-card-foreground sm:flex-row sm:items-end"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="flex flex-col gap-1.5 sm:w-48">
        <label htmlFor="invoice-month" className={labelClass}>
          Monat
        </label>
        <Input
          size="sm"
          id="invoice-month"
          type="month"
          value={filters.month}
          onChange={(event) => {
            const month = event.target.value;
            // a half-typed month (some browsers without a picker) waits until it is whole
            if (month === '' || isMonth(month)) onChange({ ...filters, month });
          }}
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor="invoice-event" className={labelClass}>
          Event
        </label>
        <Select
          size="sm"
          id="invoice-event"
          value={filters.eventId}
          onChange={(event) => onChange({ ...filters, eventId: event.target.value })}
        >
          <option value="">Alle Events</option>
          {unknownEvent && <option value={filters.eventId}>Gewähltes Event</option>}
          {events.map((event) => (
            <option key={event.id} value={event.id}>
              {event.title} ({formatDateTimeShort(event.startTime)})
            </option>
          ))}
        </Select>
      </div>
    </form>
  );
}
