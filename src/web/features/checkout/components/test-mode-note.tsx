import { FlaskConical } from 'lucide-react';
import { PAYMENT_MESSAGES } from '@shared/payments';

/** 'Testmodus': the test provider moves no money (docs/product/payments.md#test-buttons). */
export function TestModeNote() {
  return (
    <div className="flex gap-3 rounded-xl border border-warning/40 bg-warning-bg p-4 text-sm" role="note">
      <FlaskConical className="mt-0.5 h-5 w-5 shrink-0 text-warning" aria-hidden />
      <div>
        <p className="font-semibold text-warning">{PAYMENT_MESSAGES.testMode}</p>
        <p className="mt-1 text-foreground">{PAYMENT_MESSAGES.testModeHint}</p>
      </div>
    </div>
  );
}
