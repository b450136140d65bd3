import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';

const COPIED_MS = 2000;

/**
 * 'IBAN kopieren': puts `value` on the clipboard and says 'Kopiert', so nobody has to type an IBAN or a
 * reference by hand (docs/product/bank-transfer.md#instructions).
 */
export function CopyButton({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = () => {
    // no clipboard (an insecure origin, an old browser): the value stays readable and selectable
    if (!navigator.clipboard) return void toast.error('Kopieren geht hier nicht. Bitte markiere den Text.');
    navigator.clipboard
      .writeText(value)
      .then(() => {
        toast.success('Kopiert');
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPIED_MS);
      })
      .catch(() => toast.error('Kopieren geht hier nicht. Bitte markiere den Text.'));
  };

  const Icon = copied ? Check : Copy;
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`${label} kopieren`}
      title={`${label} kopieren`}
      className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg border border-input bg-card text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <Icon className="h-4 w-4" aria-hidden />
    </button>
  );
}
