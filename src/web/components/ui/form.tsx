import type { FormHTMLAttributes } from 'react';

export interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> {
  /** Runs on submit (a button, Enter in a field); the page does not reload. */
  onSubmit: () => unknown;
}

/**
 * A form that checks its own input (docs/decisions/053-form-primitives.md): no browser validation bubbles, the
 * messages are our German ones in each Field; a submit calls `onSubmit` instead of loading a page.
 */
export function Form({ onSubmit, ...props }: FormProps) {
  return (
    <form
      noValidate
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    />
  );
}
