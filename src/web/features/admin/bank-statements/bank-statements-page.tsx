import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { usePageTitle } from '@web/lib/page-title';
import { useSearchParams } from 'react-router';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import type { BankLinesFilter } from './api/bank-statement-keys';
import { useBankLines } from './api/get-bank-lines';
import { BankLinesTable } from './components/bank-lines-table';
import { CsvMappingsSection } from './components/csv-mappings-section';
import { OpenRefundsSection } from './components/open-refunds-section';
import { OpenTransfersSection } from './components/open-transfers-section';
import { StatementUpload } from './components/statement-upload';
import { ErrorText } from '@web/components/ui/error-text';

const HEADING_ID = 'bank-statements-heading';

/**
 * 'Kontoauszüge' at /admin/kontoauszuege (docs/product/bank-transfer.md#statement-import): read in a
 * statement, then the lines that still need the admin (not matched, partly paid, overpaid) or, with 'Alle
 * Zeilen', every line; a line without a usable reference is assigned here by order number. Below, the
 * bookings still waiting for money and the refunds still owed (docs/product/bank-transfer.md#admin-actions,
 * docs/product/bank-transfer.md#refunds). Last, the banks' CSV column mappings
 * (docs/product/bank-transfer.md#csv).
 */
export function BankStatementsPage() {
  usePageTitle('Kontoauszüge');
  const [params, setParams] = useSearchParams();
  const status: BankLinesFilter = params.get('zeilen') === 'alle' ? 'all' : 'open';
  const lines = useBankLines(status);
  const showAll = (all: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (all) next.set('zeilen', 'alle');
        else next.delete('zeilen');
        return next;
      },
      { replace: true },
    );

  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-6">
      <h1 id={HEADING_ID} className="text-2xl font-semibold tracking-tight">
        Kontoauszüge
      </h1>
      <StatementUpload />
      <section aria-labelledby="bank-lines-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="bank-lines-heading" className="text-lg font-semibold">
            {status === 'all' ? 'Alle Zeilen' : 'Offene Zeilen'}
          </h2>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={status === 'all'}
              onChange={(event) => showAll(event.target.checked)}
              className="h-4 w-4 accent-primary"
            />
            Alle Zeilen
          </label>
        </div>
        {lines.isPending ? (
          <PageSpinner />
        ) : lines.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <ErrorText alert={false} size="base">
              {messageOf(lines.error, 'Die Zeilen konnten nicht geladen werden.')}
            </ErrorText>
            <Button variant="secondary" onClick={() => void lines.refetch()}>
              Erneut versuchen
            </Button>
          </div>
        ) : lines.data.lines.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-border p-8 text-center text-muted-foreground">
            {status === 'all' ? 'Noch keine Kontoauszüge eingelesen.' : 'Keine offenen Zeilen.'}
          </p>
        ) : (
          <div aria-busy={lines.isFetching}>
            <BankLinesTable lines={lines.data.lines} />
          </div>
        )}
      </section>
      <OpenTransfersSection />
      <OpenRefundsSection />
      <CsvMappingsSection />
    </section>
  );
}
