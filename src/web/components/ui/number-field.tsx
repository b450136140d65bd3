import { forwardRef } from 'react';
import { Input, type InputProps } from './input';

// Numbers as German forms take them (docs/decisions/053-form-primitives.md): amounts and shares are text with
// the decimal keyboard, so '49,90' may be typed with a comma and is parsed by the form; whole numbers
// (seats, hours, days) are number inputs with the digit keyboard. The value stays the typed text.

export interface NumberFieldProps extends Omit<InputProps, 'type' | 'inputMode'> {
  /** `decimal`: text with a decimal comma (default); `whole`: a number input stepping by 1. */
  kind?: 'decimal' | 'whole';
  /** A unit after the input ('€', '%', 'Tage'), hidden from screen readers: the label names it. */
  suffix?: string;
}

/** A number input; inside a `Field` it takes the field's wiring like `Input`. */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  { kind = 'decimal', suffix, ...props },
  ref,
) {
  const input =
    kind === 'whole' ? (
      <Input ref={ref} type="number" inputMode="numeric" step={1} {...props} />
    ) : (
      <Input ref={ref} inputMode="decimal" autoComplete="off" {...props} />
    );
  if (!suffix) return input;
  return (
    <div className="flex items-center gap-2">
      {input}
      <span aria-hidden>{suffix}</span>
    </div>
  );
});
