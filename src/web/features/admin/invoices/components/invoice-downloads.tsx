import { FileArchive, FileSpreadsheet } from 'lucide-react';
import { Button, buttonClasses } from '@web/components/ui/button';
import { invoicesCsvUrl, invoicesZipUrl } from '../api/get-admin-invoices';
import type { InvoiceFilters } from '../invoice-filters';

const ZIP_HINT_ID = 'invoices-zip-hint';
const ZIP_HINT = 'Wähle zuerst einen Monat.';

/**
 * 'CSV für die Buchhaltung' with the chosen filters, and 'PDFs als ZIP' of the chosen month (one month at a
 * time, docs/product/invoices.md#admin-list): without a month it is a disabled button that says why.
 */
export function InvoiceDownloads({ filters }: { filters: InvoiceFilters }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a href={invoicesCsvUrl(filters)} download className={buttonClasses('secondary', 'sm')}>
        <FileSpreadsheet className="h-4 w-4" aria-hidden />
        CSV für die Buchhaltung
      </a>
      {filters.month ? (
        <a href={invoicesZipUrl(filters)} download className={buttonClasses('secondary', 'sm')}>
          <FileArchive className="h-4 w-4" aria-hidden />
          PDFs als ZIP
        </a>
      ) : (
        // a disabled button gets no pointer events: the wrapper shows the hint on hover, and the hint stays
        // visible beside it for touch and keyboard (a disabled button takes no focus)
        <span title={ZIP_HINT} className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
          <Button variant="secondary" size="sm" disabled aria-describedby={ZIP_HINT_ID}>
            <FileArchive className="h-4 w-4" aria-hidden />
            PDFs als ZIP
          </Button>
          <span id={ZIP_HINT_ID} className="text-xs text-muted-foreground">
            {ZIP_HINT}
          </span>
        </span>
      )}
    </div>
  );
}
