import { Ban, FileSpreadsheet, ImageUp, Trash2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * Actions on the selection: CSV (Auswahl), Vorschau neu rendern (the spec's 'Preview neu', in the words of the
 * row menu; docs/decisions/049-admin-screens-say-what-they-mean.md), Stornieren, Löschen.
 */
export function BulkBar({
  count,
  busy,
  onCsv,
  onRerender,
  onCancel,
  onDelete,
  onClear,
}: {
  count: number;
  busy: boolean;
  onCsv: () => void;
  onRerender: () => void;
  onCancel: () => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  return (
    <div
      role="region"
      aria-label="Aktionen für die Auswahl"
      className="sticky top-2 z-20 flex flex-wrap items-center gap-2 rounded-xl border border-border bg-card p-3 text-card-foreground shadow-sm"
    >
      <span className="mr-auto text-sm font-medium" aria-live="polite">
        {count === 1 ? '1 Ticket ausgewählt' : `${count} Tickets ausgewählt`}
        <Button variant="ghost" size="sm" className="ml-2" onClick={onClear}>
          Auswahl aufheben
        </Button>
      </span>
      <Button size="sm" variant="secondary" onClick={onCsv} disabled={busy}>
        <FileSpreadsheet className="h-4 w-4" aria-hidden />
        CSV (Auswahl)
      </Button>
      <Button size="sm" variant="secondary" onClick={onRerender} disabled={busy}>
        <ImageUp className="h-4 w-4" aria-hidden />
        Vorschau neu rendern
      </Button>
      <Button size="sm" variant="secondary" onClick={onCancel} disabled={busy}>
        <Ban className="h-4 w-4" aria-hidden />
        Stornieren
      </Button>
      <Button size="sm" variant="destructive" onClick={onDelete} disabled={busy}>
        <Trash2 className="h-4 w-4" aria-hidden />
        Löschen
      </Button>
    </div>
  );
}
