import { useId, useState } from 'react';
import { EXTEND_DAYS_MAX, TRANSFER_ADMIN_MESSAGES } from '@shared/bank-statements';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { NumberField } from '@web/components/ui/number-field';
import { formatDate } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useExtendDueDate } from '../api/extend-due-date';
import { Form } from '@web/components/ui/form';

export const DEFAULT_EXTEND_DAYS = 7;

/** 1 to EXTEND_DAYS_MAX whole days, as the server checks it (docs/product/bank-transfer.md#admin-actions). */
export function extendDaysOf(text: string): number | null {
  const days = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(days) && days >= 1 && days <= EXTEND_DAYS_MAX ? days : null;
}

/**
 * 'Fälligkeit verlängern' by a number of days (docs/product/bank-transfer.md#admin-actions): the due date
 * and the hold move, a new reminder follows; the server's refusal stands at the field.
 */
export function ExtendDueForm({ bookingId, onDone }: { bookingId: string; onDone: () => void }) {
  const id = useId();
  const [days, setDays] = useState(String(DEFAULT_EXTEND_DAYS));
  const [error, setError] = useState<string | null>(null);
  const extend = useExtendDueDate();

  const submit = () => {
    const wanted = extendDaysOf(days);
    if (wanted === null) return setError(TRANSFER_ADMIN_MESSAGES.extendDays);
    setError(null);
    return extend
      .mutateAsync({ bookingId, days: wanted })
      .then((booking) => {
        toast.success(`Fällig jetzt bis ${formatDate(booking.dueAt)}.`);
        onDone();
      })
      .catch((failure: unknown) =>
        setError(messageOf(failure, 'Die Fälligkeit konnte nicht verlängert werden.')),
      );
  };

  return (
    <Form className="flex flex-col gap-1" onSubmit={submit}>
      <Field label="Um Tage verlängern" id={`${id}-days`} error={error} errorAlert compact>
        <div className="flex flex-wrap gap-2">
          <NumberField
            kind="whole"
            size="sm"
            min={1}
            max={EXTEND_DAYS_MAX}
            value={days}
            // opened by 'Fälligkeit verlängern': the field is what comes next
            autoFocus
            onChange={(event) => setDays(event.target.value)}
            className="h-9 w-20 tabular-nums"
          />
          <Button type="submit" size="sm" disabled={extend.isPending}>
            {extend.isPending ? 'Wird verlängert …' : 'Verlängern'}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone} disabled={extend.isPending}>
            Abbrechen
          </Button>
        </div>
      </Field>
    </Form>
  );
}
