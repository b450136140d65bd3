import { Download, Plus } from 'lucide-react';
import { useState } from 'react';
import { DISCOUNT_CODE_ADMIN_MESSAGES as M, type AdminDiscountCode } from '@shared/discount-code-schemas';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { ErrorText } from '@web/components/ui/error-text';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { DownloadError } from '@web/lib/download';
import { usePageTitle } from '@web/lib/page-title';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useDeleteDiscountCode } from './api/delete-discount-code';
import { downloadDiscountCodesCsv } from './api/discount-codes-csv';
import { useDiscountCodes } from './api/get-discount-codes';
import { useSetDiscountCodeActive } from './api/save-discount-code';
import { DiscountCodeDialog, type CodeEditing } from './components/discount-code-dialog';
import { DiscountCodesTable } from './components/discount-codes-table';

const TITLE = 'Gutscheincodes';
const HEADING_ID = 'discount-codes-heading';

/**
 * 'Gutscheincodes' at /admin/gutscheincodes (docs/product/ticket-categories.md#codes): every code with its
 * uses and the revenue of its confirmed bookings; create, edit, deactivate, delete while unused, CSV.
 */
export function DiscountCodesPage() {
  usePageTitle(TITLE);
  const codes = useDiscountCodes();
  const [editing, setEditing] = useState<CodeEditing | null>(null);
  const [deleting, setDeleting] = useState<AdminDiscountCode | null>(null);
  const [downloading, setDownloading] = useState(false);
  const setActive = useSetDiscountCodeActive();
  const remove = useDeleteDiscountCode();

  const toggleActive = async (code: AdminDiscountCode) => {
    try {
      await setActive.mutateAsync({ id: code.id, active: !code.active });
      toast.success(code.active ? M.deactivated : M.activated);
    } catch (failure) {
      toast.error(messageOf(failure, 'Der Code konnte nicht geändert werden.'));
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(M.deleted);
    } catch (failure) {
      toast.error(messageOf(failure, 'Löschen fehlgeschlagen.'));
    }
    setDeleting(null);
  };
  const csv = async () => {
    setDownloading(true);
    try {
      await downloadDiscountCodesCsv();
    } catch (failure) {
      const status = failure instanceof DownloadError ? failure.status : 0;
      toast.error(status ? `CSV-Download fehlgeschlagen (${status})` : 'CSV-Download fehlgeschlagen');
    }
    setDownloading(false);
  };

  return (
    <section aria-labelledby={HEADING_ID} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={HEADING_ID} className="text-2xl font-semibold tracking-tight">
          {TITLE}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={downloading} onClick={() => void csv()}>
            <Download className="h-4 w-4" aria-hidden />
            CSV herunterladen
          </Button>
          <Button size="sm" onClick={() => setEditing({ kind: 'create' })}>
            <Plus className="h-4 w-4" aria-hidden />
            Neuer Code
          </Button>
        </div>
      </div>
      {codes.isPending ? (
        <PageSpinner />
      ) : codes.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <ErrorText alert={false} size="base">
            {messageOf(codes.error, 'Die Gutscheincodes konnten nicht geladen werden.')}
          </ErrorText>
          <Button variant="secondary" onClick={() => void codes.refetch()}>
            Erneut versuchen
          </Button>
        </div>
      ) : codes.data.codes.length === 0 ? (
        <p className="text-muted-foreground">Noch keine Gutscheincodes.</p>
      ) : (
        <DiscountCodesTable
          codes={codes.data.codes}
          actions={{
            onEdit: (code) => setEditing({ kind: 'edit', code }),
            onToggleActive: (code) => void toggleActive(code),
            onDelete: setDeleting,
          }}
        />
      )}
      <DiscountCodeDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Gutscheincode löschen?"
        description={
          deleting ? `${deleting.code} wurde noch nie eingelöst und wird endgültig gelöscht.` : undefined
        }
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
