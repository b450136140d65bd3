import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import type { AdminEvent } from '@shared/admin-events';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { formatDateTimeShort } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { useConfirmMinimumAttendance } from '../api/confirm-minimum-attendance';
import { failureText } from '../form-errors';

const HOUR_MS = 3_600_000;

/**
 * The stored minimum attendance of an event on 'Event bearbeiten' (docs/product/event-mails.md#minimum-attendance):
 * before the decision how many seats are taken, when it is decided, and 'Findet statt' to confirm early;
 * once confirmed (or held at the decision), when; after a cancellation by the rule, that. Nothing without a
 * minimum.
 */
export function MinimumAttendanceStatus({ event }: { event: AdminEvent }) {
  const confirm = useConfirmMinimumAttendance();
  const [asking, setAsking] = useState(false);
  const minimum = event.minParticipants;
  if (minimum == null) return null;
  const when = (iso: string) => formatDateTimeShort(iso, event.timezone);
  if (event.minConfirmedAt) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CheckCircle2 className="h-4 w-4 text-primary" aria-hidden />
        Findet statt – bestätigt am {when(event.minConfirmedAt)}
      </p>
    );
  }
  if (event.minDecidedAt) {
    return event.status === 'cancelled' ? (
      <p className="text-sm text-muted-foreground">
        Abgesagt – Mindestteilnehmerzahl nicht erreicht (entschieden am {when(event.minDecidedAt)})
      </p>
    ) : null;
  }

  const decisionAt = new Date(Date.parse(event.startTime) - (event.minDecisionHours ?? 168) * HOUR_MS);
  const press = async () => {
    try {
      const answer = await confirm.mutateAsync(event.id);
      toast.success(answer.message);
    } catch (error) {
      toast.error(failureText('Fehler beim Bestätigen.', error));
    } finally {
      setAsking(false);
    }
  };
  return (
    <div
      role="group"
      aria-label="Mindestteilnehmerzahl"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3 text-sm"
    >
      <p>
        {event.takenSeats} von mindestens {minimum} Plätzen belegt · Entscheidung am{' '}
        {when(decisionAt.toISOString())}
      </p>
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
        Findet statt
      </Button>
      <ConfirmDialog
        open={asking}
        title="Findet das Event statt?"
        description={
          <p>
            Das Event findet dann in jedem Fall statt, auch wenn bis zur Entscheidung weniger als {minimum}{' '}
            Plätze belegt sind. Das lässt sich nicht zurücknehmen.
          </p>
        }
        confirmLabel="Findet statt"
        onConfirm={press}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
