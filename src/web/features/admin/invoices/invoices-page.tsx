import { useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { usePageTitle } from '@web/lib/page-title';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useAdminInvoices } from './api/get-admin-invoices';
import { InvoiceDownloads } from './components/invoice-downloads';
import { InvoicesTable } from './components/invoices-table';
import { InvoicesToolbar } from './components/invoices-toolbar';
import { invoiceFiltersFromParams, paramsFromInvoiceFilters, type InvoiceFilters } from './invoice-filters';
import { ErrorText } from '@web/components/ui/error-text';

const HEADING_ID = 'invoices-heading';

/**
 * 'Rechnungen' at /admin/rechnungen (issue 19): invoices and cancellation invoices by month and event, each
 * with its PDF, the CSV for the accountant with the same filters and the month's PDFs as a ZIP.
 */
export function InvoicesPage() {
  usePageTitle('Rechnungen');
  const [params, setParams] = useSearchParams();
  const filters = invoiceFiltersFromParams(params);
  const invoices = useAdminInvoices(filters);
  const apply = (next: InvoiceFilters) => setParams(paramsFromInvoiceFilters(next), { replace: true });

  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={HEADING_ID} className="text-2xl font-semibold tracking-tight">
          Rechnungen
        </h1>
        <InvoiceDownloads filters={filters} />
      </div>

      <InvoicesToolbar filters={filters} onChange={apply} />

      {invoices.isPending ? (
        <PageSpinner />
      ) : invoices.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <ErrorText alert={false} size="base">
            {messageOf(invoices.error, 'Die Rechnungen konnten nicht geladen werden.')}
          </ErrorText>
          <Button variant="secondary" onClick={() => void invoices.refetch()}>
            Erneut versuchen
          </Button>
        </div>
      ) : invoices.data.invoices.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
          Keine Rechnungen in diesem Zeitraum.
        </p>
      ) : (
        <div aria-busy={invoices.isFetching}>
          <InvoicesTable invoices={invoices.data.invoices} />
        </div>
      )}
    </section>
  );
}
