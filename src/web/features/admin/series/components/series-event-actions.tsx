import { Copy, Repeat } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AdminEvent } from '@shared/admin-events';
import { SERIES_MESSAGES } from '@shared/series';
import { Button, buttonClasses } from '@web/components/ui/button';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { toast } from '@web/lib/toast';
import { useDuplicateEvent } from '../api/duplicate-event';
import { SeriesDialog } from './series-dialog';

/**
 * The series' buttons on an event's edit page (the admin shell puts them there): 'Reihe ansehen' for a date
 * of a series, else 'Als Reihe anlegen' while the event is ahead and not cancelled
 * (docs/product/event-series.md#create-series); 'Event duplizieren' always (#duplicate).
 */
export function SeriesEventActions({ event, now = new Date() }: { event: AdminEvent; now?: Date }) {
  const [open, setOpen] = useState(false);
  const duplicate = useDuplicateEvent();
  const navigate = useNavigate();
  const canStartSeries = event.status !== 'cancelled' && Date.parse(event.startTime) > now.getTime();

  const copy = async () => {
    try {
      const made = await duplicate.mutateAsync(event.id);
      toast.success(SERIES_MESSAGES.duplicated);
      void navigate(`/admin/events/${made.id}/edit`);
    } catch (failure) {
      toast.error(messageOf(failure, 'Das Event konnte nicht dupliziert werden.'));
    }
  };

  return (
    <>
      {event.seriesId ? (
        <Link to={`/admin/series/${event.seriesId}`} className={buttonClasses('secondary', 'sm')}>
          <Repeat className="h-4 w-4" aria-hidden />
          Reihe ansehen
        </Link>
      ) : (
        canStartSeries && (
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            <Repeat className="h-4 w-4" aria-hidden />
            Als Reihe anlegen
          </Button>
        )
      )}
      <Button variant="secondary" size="sm" disabled={duplicate.isPending} onClick={() => void copy()}>
        <Copy className="h-4 w-4" aria-hidden />
        {duplicate.isPending ? 'Wird dupliziert …' : 'Event duplizieren'}
      </Button>
      {!event.seriesId && <SeriesDialog event={event} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
