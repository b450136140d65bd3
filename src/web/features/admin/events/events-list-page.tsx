import { CalendarPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminEventListItem, BulkEventResult } from '@shared/admin-events';
import { Button, buttonClasses } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/page-spinner';
import { usePageTitle } from '@web/lib/page-title';
import { useBulkEventAction } from './api/bulk-event-action';
import { useAdminEvents } from './api/get-admin-events';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { toast } from '@web/lib/toast';
import { EventsTable } from './components/events-table';

type PendingDelete = { ids: string[]; label: string } | null;

const eventsWord = (n: number) => (n === 1 ? '1 Event' : `${n} Events`);

/** The events list at /admin/events (docs/product/events.md#admin-events-list). */
export function EventsListPage() {
  usePageTitle('Veranstaltungen');
  const { data: events, isPending, isError, refetch } = useAdminEvents();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pendingDelete, setPendingDelete] = useState<PendingDelete>(null);
  const bulk = useBulkEventAction();

  // only ids still in the list count (another admin may have deleted one)
  const visible = new Set((events ?? []).map((event) => event.id));
  const chosen = [...selected].filter((id) => visible.has(id));

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((current) =>
      events && events.some((event) => !current.has(event.id))
        ? new Set(events.map((event) => event.id))
        : new Set(),
    );

  const run = async (action: 'publish' | 'delete', ids: string[]) => {
    try {
      const { results } = await bulk.mutateAsync({ action, ids });
      report(action, results);
      const done = new Set(results.filter((result) => result.ok).map((result) => result.id));
      setSelected((current) => new Set([...current].filter((id) => !done.has(id))));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setPendingDelete(null);
    }
  };

  const askDelete = (event: AdminEventListItem) =>
    setPendingDelete({ ids: [event.id], label: `„${event.title}“` });

  return (
    <section aria-labelledby="events-heading" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="events-heading" className="text-2xl font-semibold tracking-tight">
          Veranstaltungen
        </h1>
        <Link to="/admin/events/new" className={buttonClasses('primary')}>
          <Plus className="h-4 w-4" aria-hidden />
          Neues Event
        </Link>
      </div>

      {isPending ? (
        <PageSpinner />
      ) : isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>Fehler beim Laden</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            Erneut versuchen
          </Button>
        </div>
      ) : events.length === 0 ? (
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-dashed border-border px-6 py-16 text-center">
          <CalendarPlus className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="text-muted-foreground">Es gibt noch keine Events.</p>
          <Link to="/admin/events/new" className={buttonClasses('primary')}>
            Erstes Event erstellen
          </Link>
        </div>
      ) : (
        <>
          {chosen.length > 0 && (
            <div
              role="region"
              aria-label="Aktionen für die Auswahl"
              className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-border bg-card p-3 shadow-sm"
            >
              <span className="mr-auto text-sm font-medium" aria-live="polite">
                {eventsWord(chosen.length)} ausgewählt
              </span>
              <Button size="sm" onClick={() => void run('publish', chosen)} disabled={bulk.isPending}>
                Veröffentlichen
              </Button>
              <Button
                size="sm"
                variant="destructive"
                onClick={() => setPendingDelete({ ids: chosen, label: eventsWord(chosen.length) })}
                disabled={bulk.isPending}
              >
                Löschen
              </Button>
            </div>
          )}
          <EventsTable
            events={events}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onDelete={askDelete}
          />
        </>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        title={(pendingDelete?.ids.length ?? 0) > 1 ? 'Events löschen?' : 'Event löschen?'}
        description={
          <p>
            {pendingDelete?.label} wirklich löschen? Bilder, Links und Veranstalter-Zuordnungen werden mit
            entfernt. Events mit Buchungen können nicht gelöscht werden – setze sie stattdessen auf
            „Abgesagt“.
          </p>
        }
        confirmLabel="Löschen"
        size="lg"
        busy={bulk.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => {
          if (pendingDelete) void run('delete', pendingDelete.ids);
        }}
      />
    </section>
  );
}

/** One toast for the whole action (docs/product/site.md#feedback); refusals name the reason. */
function report(action: 'publish' | 'delete', results: BulkEventResult[]) {
  const ok = results.filter((result) => result.ok).length;
  const failed = results.filter((result) => !result.ok);
  const verb = action === 'publish' ? 'veröffentlicht' : 'gelöscht';
  if (failed.length === 0) {
    toast.success(`${eventsWord(ok)} ${verb}.`);
    return;
  }
  const reason = failed[0]?.message ?? '';
  const prefix = ok > 0 ? `${eventsWord(ok)} ${verb}. ` : '';
  toast.error(`${prefix}${eventsWord(failed.length)} nicht ${verb}: ${reason}`);
}
