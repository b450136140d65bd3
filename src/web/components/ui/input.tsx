import {
  forwardRef,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useFieldControl } from './field';

// The one style of text inputs, selects and text areas (docs/decisions/053-form-primitives.md): theme
// colours from the tokens (light and dark alike), the focus ring instead of the outline, a red border while
// aria-invalid, a muted background while read-only.
const CONTROL_CLASS =
  'rounded-lg border border-input bg-background text-foreground outline-none placeholder:text-muted-foreground focus:border-primary focus:ring-2 focus:ring-ring/40 aria-[invalid=true]:border-destructive disabled:opacity-60 [&:read-only:not(select)]:bg-muted';

/**
 * Heights like the buttons': `sm` in dialogs and the back office, `md` on pages, `lg` where one field leads
 * (sign-in), `xl` at the door (check-in search); `digit` is one box of the sign-in code.
 */
export type ControlSize = 'sm' | 'md' | 'lg' | 'xl' | 'digit';
const SIZES: Record<ControlSize, string> = {
  sm: 'h-10 w-full px-3 text-sm',
  md: 'h-11 w-full px-3',
  lg: 'h-12 w-full px-3 text-base',
  xl: 'h-14 w-full px-4 text-lg',
  digit: 'h-14 w-11 text-center text-2xl font-semibold tabular-nums sm:w-12',
};

/** Class names of a single-line control (input, select), for controls this file does not render. */
export function controlClasses(size: ControlSize = 'md', extra = ''): string {
  return [CONTROL_CLASS, SIZES[size], extra].filter(Boolean).join(' ');
}

/**
 * Class names of a text area: the control style with room for lines instead of a height (10 rem, unless its
 * `rows` set it).
 */
export function textareaClasses(size: 'sm' | 'md' = 'md', extra = '', rows?: number): string {
  return [
    CONTROL_CLASS,
    'w-full',
    rows ? '' : 'min-h-40',
    'px-3 py-2 leading-relaxed',
    size === 'sm' ? 'text-sm' : '',
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  size?: ControlSize;
}

/** A text input; inside a `Field` it takes the field's id and aria wiring. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { size, className = '', ...props },
  ref,
) {
  const control = useFieldControl(props);
  return <input ref={ref} {...props} {...control} className={controlClasses(size, className)} />;
});

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  size?: ControlSize;
}

/** A native select (room on the right for its arrow); inside a `Field` it takes the field's wiring. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { size, className = '', ...props },
  ref,
) {
  const control = useFieldControl(props);
  return <select ref={ref} {...props} {...control} className={controlClasses(size, `pr-8 ${className}`)} />;
});

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  size?: 'sm' | 'md';
}

/** A text area in the control style; inside a `Field` it takes the field's wiring. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { size, className = '', ...props },
  ref,
) {
  const control = useFieldControl(props);
  return (
    <textarea ref={ref} {...props} {...control} className={textareaClasses(size, className, props.rows)} />
  );
});
