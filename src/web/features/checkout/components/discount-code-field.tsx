import { Loader2 } from 'lucide-react';
import { DISCOUNT_CODE_MESSAGES, discountLabel } from '@shared/discount-codes';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import type { DiscountCodeState } from '../use-discount-code';

export const DISCOUNT_CODE_INPUT_ID = 'discount-code';

/**
 * 'Gutscheincode' with 'Einlösen' (docs/product/ticket-categories.md#codes): once redeemed, what it takes off
 * ('FREUNDE10 eingelöst: 10 % Rabatt') and 'Entfernen'; a refusal in German under the field. `noEffect`: the
 * code takes nothing off the chosen tickets.
 */
export function DiscountCodeField({
  code,
  currency,
  noEffect,
}: {
  code: DiscountCodeState;
  currency: string;
  noEffect: boolean;
}) {
  const { applied } = code;
  if (applied && !code.pending) {
    const what =
      applied.kind === 'unlock'
        ? discountLabel(applied.kind, applied.value, currency)
        : `${discountLabel(applied.kind, applied.value, currency)} Rabatt`;
    return (
      <div className="flex flex-col gap-1.5" data-testid="discount-code-applied">
        <span className="text-sm font-medium">Gutscheincode</span>
        <p role="status" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span>
            <span className="font-mono font-semibold">{applied.code}</span> eingelöst: {what}
          </span>
          <Button variant="ghost" size="sm" onClick={code.remove}>
            Entfernen
          </Button>
        </p>
        {noEffect && <p className="text-sm text-muted-foreground">{DISCOUNT_CODE_MESSAGES.wrongCategory}</p>}
      </div>
    );
  }
  return (
    <Field label="Gutscheincode" id={DISCOUNT_CODE_INPUT_ID} error={code.error} errorAlert>
      <div className="flex gap-2">
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          value={code.text}
          onChange={(event) => code.change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void code.redeem();
          }}
          className="flex-1 font-mono uppercase"
        />
        <Button
          variant="secondary"
          disabled={code.busy || code.text.trim() === ''}
          aria-busy={code.busy || undefined}
          onClick={() => void code.redeem()}
        >
          {code.busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          Einlösen
        </Button>
      </div>
    </Field>
  );
}
