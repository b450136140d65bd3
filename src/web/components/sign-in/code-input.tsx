import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Input } from '@web/components/ui/input';

const LENGTH = 6;

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * The six code boxes of the sign-in flow (docs/product/accounts-and-consent.md#code-entry): digits only;
 * pasted or multi-digit input spreads over the boxes from the one it lands in.
 */
export function CodeInput({ value, onChange, disabled, invalid, describedBy }: CodeInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: LENGTH }, (_, i) => (value[i] ?? '').trim());
  // Blank boxes are kept as spaces so later digits keep their position.
  const emit = (next: string[]) =>
    onChange(
      next
        .map((d) => d || ' ')
        .join('')
        .trimEnd(),
    );

  const focus = (index: number) => refs.current[Math.max(0, Math.min(LENGTH - 1, index))]?.focus();
  const spread = (start: number, input: string) => {
    const incoming = input.replace(/\D/g, '');
    if (!incoming) return;
    const next = [...digits];
    for (let i = 0; i < incoming.length && start + i < LENGTH; i++) next[start + i] = incoming[i]!;
    emit(next.slice(0, LENGTH));
    focus(start + incoming.length);
  };
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      emit(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };
  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    spread(index, event.clipboardData.getData('text'));
  };

  return (
    <div className="flex justify-between gap-2" role="group" aria-label="Sechsstelliger Code">
      {digits.map((digit, index) => (
        <Input
          key={index}
          size="digit"
          ref={(element) => {
            refs.current[index] = element;
          }}
          value={digit}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          maxLength={LENGTH}
          disabled={disabled}
          aria-label={`Ziffer ${index + 1}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            const typed = event.target.value.replace(/\D/g, '');
            if (typed.length > 1) return spread(index, typed);
            const next = [...digits];
            next[index] = typed;
            emit(next);
            if (typed) focus(index + 1);
          }}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
