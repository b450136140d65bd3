import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/lib/toast';
import { messageOf } from '@web/features/admin/kit/admin-errors';
import { useAssignBankLine } from '../api/assign-bank-line';
import { Form } from '@web/components/ui/form';

/**
 * 'Bestellnummer' + 'Zuordnen' for a line without a usable reference (docs/product/bank-transfer.md#matching);
 * the server's refusal ('Keine offene Überweisungs-Buchung …') stands at the field.
 */
export function AssignLineForm({ lineId }: { lineId: string }) {
  const [orderNumber, setOrderNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const assign = useAssignBankLine();
  const id = `assign-${lineId}`;

  const submit = () => {
    const wanted = orderNumber.trim().toUpperCase();
    if (!wanted) return setError('Bitte gib eine Bestellnummer an.');
    setError(null);
    return assign
      .mutateAsync({ lineId, orderNumber: wanted })
      .then(() => toast.success(`Zugeordnet zu ${wanted}`))
      .catch((failure: unknown) => setError(messageOf(failure, 'Die Zeile konnte nicht zugeordnet werden.')));
  };

  return (
    <Form className="flex flex-col gap-1" onSubmit={submit}>
      <Field label="Bestellnummer" id={id} error={error} errorAlert compact>
        <div className="flex gap-2">
          <Input
            size="sm"
            value={orderNumber}
            placeholder="WR-…"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setOrderNumber(event.target.value)}
            className="h-9 w-36 font-mono"
          />
          <Button type="submit" size="sm" variant="secondary" disabled={assign.isPending}>
            Zuordnen
          </Button>
        </div>
      </Field>
    </Form>
  );
}
