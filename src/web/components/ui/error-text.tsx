import type { HTMLAttributes } from 'react';

// The one error paragraph (docs/decisions/053-form-primitives.md): destructive colour from the theme tokens,
// an alert unless the error is already tied to a field that the form focuses.

const SIZES = { xs: 'text-xs', sm: 'text-sm', base: '' } as const;

export interface ErrorTextProps extends Omit<HTMLAttributes<HTMLParagraphElement>, 'role'> {
  /** role="alert": announced when it appears (default). */
  alert?: boolean;
  /** `sm` beside form controls, `base` for a page's or a step's message, `xs` in a compact row. */
  size?: keyof typeof SIZES;
  /** On the destructive background, for a message that stands for a whole step (a failed payment). */
  boxed?: boolean;
}

/** An error message; `className` adds layout (margins, flex), not colour or size. */
export function ErrorText({
  alert = true,
  size = 'sm',
  boxed = false,
  className = '',
  ...props
}: ErrorTextProps) {
  const classes = [
    boxed ? 'rounded-xl bg-destructive-bg px-4 py-3' : '',
    SIZES[size],
    'text-destructive',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return <p role={alert ? 'alert' : undefined} {...props} className={classes} />;
}
