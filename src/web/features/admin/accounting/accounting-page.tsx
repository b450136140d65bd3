import { ACCOUNTING_MESSAGES } from '@shared/accounting';
import { ErrorText } from '@web/components/ui/error-text';
import { usePageTitle } from '@web/lib/page-title';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useAccountingSettings } from './api/get-accounting-settings';
import { AccountsCard } from './components/accounts-card';
import { DatevExportCard } from './components/datev-export-card';

const HEADING_ID = 'accounting-heading';

/** This month in Berlin ('YYYY-MM'): the shop's invoice dates are Berlin days. */
const currentMonth = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date()).slice(0, 7);

/**
 * 'Buchhaltung' at /admin/buchhaltung (docs/product/accounting.md): the export for the tax adviser's DATEV and
 * the chart and accounts it books on.
 */
export function AccountingPage() {
  usePageTitle('Buchhaltung');
  const settings = useAccountingSettings();
  const accounting = settings.data?.accounting;
  const numbersMissing = !accounting || !accounting.consultantNumber || !accounting.clientNumber;

  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-6">
      <h1 id={HEADING_ID} className="text-2xl font-semibold tracking-tight">
        Buchhaltung
      </h1>
      {settings.isError && <ErrorText>{messageOf(settings.error, ACCOUNTING_MESSAGES.loadFailed)}</ErrorText>}
      <DatevExportCard month={currentMonth()} numbersMissing={settings.isSuccess && numbersMissing} />
      <AccountsCard />
    </section>
  );
}
