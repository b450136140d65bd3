import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { CsvMapping } from '@shared/bank-statements';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { cardClass } from '@web/features/admin/kit/admin-styles';
import { useCsvMappings } from '../api/get-csv-mappings';
import { useSaveCsvMappings } from '../api/save-csv-mappings';
import { CsvMappingEditor } from './csv-mapping-editor';
import { LoadState } from './load-state';

/** The anchor the upload's hint links to. */
export const CSV_MAPPINGS_ANCHOR = 'csv-spaltenzuordnung';
const HEADING_ID = 'csv-mappings-heading';

/** 'Datum: Buchungstag · Betrag: Betrag · Verwendungszweck: Verwendungszweck' */
const summaryOf = (mapping: CsvMapping) =>
  [
    `Datum: ${mapping.dateColumn}`,
    `Betrag: ${mapping.amountColumn}`,
    `Name: ${mapping.nameColumn}`,
    `Verwendungszweck: ${mapping.textColumns.join(', ')}`,
  ].join(' · ');

/**
 * 'CSV-Spaltenzuordnung' (docs/product/bank-transfer.md#csv): one saved mapping per bank, chosen when a CSV
 * export is uploaded. Every change, deleting too, saves the whole list.
 */
export function CsvMappingsSection() {
  const mappings = useCsvMappings();
  const save = useSaveCsvMappings();
  // undefined: no editor open; null: a new mapping
  const [editing, setEditing] = useState<CsvMapping | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CsvMapping | null>(null);
  const saved = mappings.data?.mappings ?? [];

  const confirmDelete = () =>
    save
      .mutateAsync({ mappings: saved.filter((mapping) => mapping.name !== deleting?.name) })
      .then(() => toast.success('Zuordnung gelöscht.'))
      .catch((failure: unknown) =>
        toast.error(messageOf(failure, 'Die Zuordnung konnte nicht gelöscht werden.')),
      )
      .finally(() => setDeleting(null));

  return (
    <section
      id={CSV_MAPPINGS_ANCHOR}
      tabIndex={-1}
      aria-labelledby={HEADING_ID}
      className={`${cardClass} flex scroll-mt-32 flex-col gap-4 outline-none lg:scroll-mt-24`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={HEADING_ID} className="text-lg font-semibold">
            CSV-Spaltenzuordnung
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Welche Spalte des CSV-Exports deiner Bank was enthält; du wählst sie beim Einlesen.
          </p>
        </div>
        {editing === undefined && mappings.isSuccess && (
          <Button size="sm" variant="secondary" onClick={() => setEditing(null)}>
            <Plus className="h-4 w-4" aria-hidden />
            Neue Zuordnung
          </Button>
        )}
      </div>
      <LoadState
        query={mappings}
        failedText="Die Zuordnungen konnten nicht geladen werden."
        emptyText="Noch keine Zuordnung gespeichert."
        isEmpty={saved.length === 0}
      >
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
          {saved.map((mapping) => (
            <li key={mapping.name} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{mapping.name}</p>
                <p className="break-words text-xs text-muted-foreground">{summaryOf(mapping)}</p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => setEditing(mapping)}>
                  Bearbeiten<span className="sr-only">: {mapping.name}</span>
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(mapping)}>
                  Löschen<span className="sr-only">: {mapping.name}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </LoadState>
      {editing !== undefined && (
        <CsvMappingEditor
          key={editing?.name ?? ''}
          saved={saved}
          original={editing}
          onDone={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Zuordnung löschen?"
        description={`Die Spaltenzuordnung „${deleting?.name ?? ''}“ steht beim Einlesen dann nicht mehr zur Wahl.`}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
